// Where zfcheck's data lives (the reviewed corpus, the recorded findings, the runner script, the CI job), so
// that an installed zfcheck runs without a checkout: the one lookup every command that reads them uses.
#pragma once

#include <tl/expected.hpp>

#include <filesystem>
#include <string>
#include <string_view>

namespace zfcheck {

// The environment variable that names the data directory (a zfcheck checkout, or an installation's
// share/zfcheck), ahead of every other place.
inline constexpr const char* kDataDirVariable = "ZFCHECK_DATA_DIR";

// The folder holding `relative` (a path inside a checkout, e.g. "corpus/reviewed"), looked up in turn:
//   1. $ZFCHECK_DATA_DIR, when set (and then only there);
//   2. the checkout this zfcheck was built from, when it runs from that build tree;
//   3. the installation's data directory, <prefix>/share/zfcheck beside <prefix>/bin/zfcheck.
// The path of `relative` there; else an error that names where it looked and how to point at the data.
tl::expected<std::filesystem::path, std::string> data_path(std::string_view relative);

// The lookup with its inputs given (the running binary's path, the variable's value or null), for tests.
tl::expected<std::filesystem::path, std::string> data_path(std::string_view relative,
                                                           const std::filesystem::path& executable,
                                                           const char* variable);

}  // namespace zfcheck
