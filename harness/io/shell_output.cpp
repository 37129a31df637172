// popen of a shell command, its output read whole.
#include "harness/io/shell_output.hpp"

#include <array>
#include <cstdio>

namespace zfcheck {

std::pair<std::string, int> shell_output(const std::string& command) {
  std::string out;
  FILE* pipe = popen((command + " 2>/dev/null").c_str(), "r");
  if (pipe == nullptr) return {out, -1};
  std::array<char, 65536> buf;
  std::size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), pipe)) > 0) out.append(buf.data(), n);
  return {out, pclose(pipe)};
}

}  // namespace zfcheck
