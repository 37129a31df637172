// What a revision changed in the files the runner executes (git diff), held against what ran of it.
#pragma once

#include "harness/checks/patch_coverage.hpp"
#include "harness/upstream/executed_lines.hpp"

#include <tl/expected.hpp>

#include <map>
#include <string>

namespace zfcheck {

// `git diff from to` over the runner's files, and the top-k runner's files that `ran` measured (renames as a
// deletion and an addition), against what ran of `to`: `to_files` holds its files' texts (repository path
// -> text). Error: git cannot diff the two.
tl::expected<PatchCoverage, std::string> patch_coverage(const std::string& repo, const std::string& from,
                                                        const std::string& to,
                                                        const std::map<std::string, std::string>& to_files,
                                                        const ExecutedLines& ran);

// The commit's first parent, or git's empty tree for a commit without one (what a commit changed is
// `patch_coverage(repo, parent_or_empty_tree(repo, sha), sha, ...)`).
std::string parent_or_empty_tree(const std::string& repo, const std::string& sha);

}  // namespace zfcheck
