// The reviewed corpus on disk: finding seed files, reading one with errors that name it, writing a new one.
#pragma once

#include "harness/corpus/reviewed_case.hpp"

#include <tl/expected.hpp>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// The seed files `paths` name: a directory gives the *.json files directly inside it, a file itself, "-"
// standard input; sorted within each directory. The error names a path that does not exist.
tl::expected<std::vector<std::filesystem::path>, std::string> reviewed_case_files(
    const std::vector<std::string>& paths);

// A seed file is refused unread beyond this size (the seeds are a page of JSON each).
inline constexpr std::size_t kMaxSeedBytes = std::size_t{1} << 20;

// Reads and checks one seed ("-": from standard input). The error names the file and the line:
// "<file>: line L: <field>: <reason>" (the line of the field's key, or of the object that lacks it), or
// for text that is not JSON "<file>: line L, column C: not JSON: <reason>" and the line with a caret.
tl::expected<ReviewedCase, std::string> read_reviewed_case_file(const std::filesystem::path& path);
// The same for a seed's text, named `name` in the error.
tl::expected<ReviewedCase, std::string> read_reviewed_case(std::string_view name, std::string_view text);

// Creates `path` holding `text`; refuses (with the reason) when the file already exists.
tl::expected<void, std::string> write_new_file(const std::filesystem::path& path, std::string_view text);

// A file name stem from a title: lower-case ASCII letters and digits, a minus sign before a number spelt
// "minus", apostrophes dropped, every other run of characters a single '-', none at either end, at most 80
// characters (cut at a '-'); empty when the title has no letter or digit.
std::string slug_of(std::string_view title);

}  // namespace zfcheck
