// Scratch files for tests: a directory of its own for one test, a unique name (mkdtemp) removed with its
// contents when the test ends, passed or failed, so that parallel runs never share one and failures
// leave nothing behind; and single files in the test program's own such directory.
#pragma once

#include <gtest/gtest.h>

#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace zfcheck::testing {

class ScratchDir {
 public:
  // A new, empty directory under the test temporary directory, named `name` plus a unique suffix.
  explicit ScratchDir(const std::string& name) {
    std::string pattern = (std::filesystem::path(::testing::TempDir()) / (name + "-XXXXXX")).string();
    if (mkdtemp(pattern.data()) == nullptr)
      throw std::runtime_error("cannot make a directory like " + pattern);
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  operator const std::filesystem::path&() const { return path_; }
  std::filesystem::path operator/(const std::filesystem::path& leaf) const { return path_ / leaf; }
  std::string string() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

// Writes `content` to the file `name` in this test program's own scratch directory, removed at its exit;
// returns the file's path.
inline std::string write_temp(const std::string& name, const std::string& content) {
  static const ScratchDir dir("zfcheck_test_files");
  std::string path = (dir / name).string();
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

}  // namespace zfcheck::testing
