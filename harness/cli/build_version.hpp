// What `zfcheck --version` prints: the project's version and the git revision it was built from.
#pragma once

#include <string_view>

namespace zfcheck::cli {

// "zfcheck 0.1.0 (git 1a2b3c4d5)", "... (git 1a2b3c4d5, with uncommitted changes)", or, for a source tree
// without .git (a release tarball), "... (no git revision: built from a source tree without .git)". Defined
// in a source written at build time (cmake/build_version.cmake).
std::string_view build_version();

}  // namespace zfcheck::cli
