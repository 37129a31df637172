// The data lookup: $ZFCHECK_DATA_DIR, the build tree's checkout, the installation's share/zfcheck.
#include "harness/io/data_dir.hpp"

#include <algorithm>
#include <cstdlib>

#ifndef ZFCHECK_BUILD_DIR
#error \
    "ZFCHECK_BUILD_DIR, ZFCHECK_SOURCE_DIR and ZFCHECK_INSTALL_DATA_DIR come from harness/io/CMakeLists.txt"
#endif

namespace zfcheck {

namespace fs = std::filesystem;

namespace {

// Whether `path` lies inside the folder `dir` (both absolute and without symbolic links).
bool inside(const fs::path& path, const fs::path& dir) {
  auto [end, _] = std::mismatch(dir.begin(), dir.end(), path.begin(), path.end());
  return end == dir.end();
}

fs::path real(const fs::path& p) {
  std::error_code ec;
  fs::path out = fs::weakly_canonical(p, ec);
  return ec ? p : out;
}

bool present(const fs::path& p) {
  std::error_code ec;
  return fs::exists(p, ec);
}

}  // namespace

tl::expected<fs::path, std::string> data_path(std::string_view relative, const fs::path& executable,
                                              const char* variable) {
  const std::string how = "set " + std::string(kDataDirVariable) +
                          " to a zfcheck checkout or to an installation's share/zfcheck, or name the files "
                          "on the command line";
  if (variable != nullptr && variable[0] != '\0') {
    fs::path at = fs::path(variable) / relative;
    if (present(at)) return at;
    return tl::unexpected(std::string(kDataDirVariable) + "=" + variable + " holds no " +
                          std::string(relative) + "; " + how);
  }
  if (executable.empty()) {
    return tl::unexpected("no zfcheck data: " + std::string(relative) + " is not in " + kDataDirVariable +
                          " (unset), and zfcheck cannot tell where it is installed (no /proc/self/exe); " + how);
  }
  const fs::path binary = real(executable);
  if (inside(binary, real(ZFCHECK_BUILD_DIR))) {
    fs::path at = fs::path(ZFCHECK_SOURCE_DIR) / relative;
    if (present(at)) return at;
  }
  const fs::path installed = real(binary.parent_path() / ZFCHECK_INSTALL_DATA_DIR) / relative;
  if (present(installed)) return installed;
  return tl::unexpected("no zfcheck data: " + std::string(relative) + " is in none of " + kDataDirVariable +
                        " (unset), the checkout of a build tree (" + binary.string() + " is not in one), " +
                        installed.string() + "; " + how);
}

tl::expected<fs::path, std::string> data_path(std::string_view relative) {
  std::error_code ec;
  fs::path executable = fs::read_symlink("/proc/self/exe", ec);
  return data_path(relative, ec ? fs::path() : executable, std::getenv(kDataDirVariable));
}

}  // namespace zfcheck
