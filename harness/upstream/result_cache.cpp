// Cache entries: a header line "zfcheck-results 1 <count> <digest of the body>", then the result lines.
#include "harness/upstream/result_cache.hpp"

#include "harness/upstream/interrupt_cleanup.hpp"
#include "harness/upstream/upstream_source.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace zfcheck {

namespace {

constexpr std::string_view kMagic = "zfcheck-results 1 ";

}  // namespace

std::string ResultCache::default_dir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0')
    return std::string(xdg) + "/zfcheck";
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return std::string(home) + "/.cache/zfcheck";
  return {};
}

std::string ResultCache::path_of(const std::string& key) const { return dir_ + "/" + key.substr(0, 2) + "/" + key; }

std::optional<std::vector<std::string>> ResultCache::load(const std::string& key, std::size_t count) const {
  auto lines = load_all(key);
  if (!lines || lines->size() != count) return std::nullopt;
  return lines;
}

std::optional<std::vector<std::string>> ResultCache::load_all(const std::string& key) const {
  if (dir_.empty()) return std::nullopt;
  std::ifstream in(path_of(key), std::ios::binary);
  if (!in) return std::nullopt;
  std::string header;
  if (!std::getline(in, header) || !header.starts_with(kMagic)) return std::nullopt;
  // Read in one piece: the entries are megabytes, which a stream copied as it grew.
  const std::streamoff at = in.tellg();
  in.seekg(0, std::ios::end);
  const std::streamoff end = in.tellg();
  if (at < 0 || end < at) return std::nullopt;
  std::string body(static_cast<std::size_t>(end - at), '\0');
  in.seekg(at);
  if (!in.read(body.data(), static_cast<std::streamsize>(body.size()))) return std::nullopt;
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end; (end = body.find('\n', start)) != std::string::npos; start = end + 1)
    lines.push_back(body.substr(start, end - start));
  if (header != std::string(kMagic) + std::to_string(lines.size()) + " " + digest(body)) return std::nullopt;
  return lines;
}

void ResultCache::store(const std::string& key, const std::vector<std::string>& lines) const {
  if (dir_.empty()) return;
  std::string body;
  for (const std::string& line : lines) body += line + "\n";
  std::string path = path_of(key);
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  // Written whole, then renamed into place; what is left of it (a failed or interrupted write) is removed.
  on_interrupt::TemporaryPath temp(path + ".tmp." + std::to_string(getpid()));
  std::ofstream out(temp.path(), std::ios::binary);
  out << kMagic << lines.size() << " " << digest(body) << "\n" << body;
  out.close();
  if (out) std::filesystem::rename(temp.path(), path, ec);
}

}  // namespace zfcheck
