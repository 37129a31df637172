// Where the test programs find the checkout and the built zfcheck. The values live in a source CMake writes
// into the build tree (reference/tests/CMakeLists.txt), not on the test units' command lines, so the units
// read the same in every clone and ccache reuses them.
#pragma once

#include <string>
#include <string_view>

namespace zfcheck::testing {

extern const char* const kSourceDir;      // the checkout the tests were built from
extern const char* const kZfcheckBinary;  // the zfcheck command built beside them

// The path of `relative` (e.g. "corpus/findings") in the checkout.
inline std::string source_path(std::string_view relative) {
  return std::string(kSourceDir) + "/" + std::string(relative);
}

}  // namespace zfcheck::testing
