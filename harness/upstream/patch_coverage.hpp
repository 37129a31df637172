// Patch coverage: the lines a revision changes in the files the runner executes, and which of them ran.
#pragma once

#include "harness/upstream/executed_lines.hpp"

#include <tl/expected.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace zfcheck {

struct ChangedLine {
  std::string file;  // repository path
  int line = 0;      // in the new revision
  std::string text;  // the line as the new revision has it
};

struct PatchCoverage {
  std::string tool;            // what recorded the executed lines (ExecutedLines::tool)
  std::uint64_t changed = 0;   // lines added or modified by the new revision in the runner's files
  std::uint64_t code = 0;      // of them, the lines with code (not comments, blank or continuation lines)
  std::uint64_t reached = 0;   // of those, the lines some case executed
  std::vector<ChangedLine> unreached;  // the code lines no case executed, by file and line
};

// The new side's changed lines of a `git diff -U0` text: repository path -> line numbers, ascending.
std::map<std::string, std::vector<int>> changed_lines(const std::string& diff_text);

// `git diff from to` over the runner's files (renames as a deletion and an addition), against what ran of
// `to`: `to_files` holds its files' texts (repository path -> text). Error: git cannot diff the two.
tl::expected<PatchCoverage, std::string> patch_coverage(const std::string& repo, const std::string& from,
                                                        const std::string& to,
                                                        const std::map<std::string, std::string>& to_files,
                                                        const ExecutedLines& ran);

// The commit's first parent, or git's empty tree for a commit without one (what a commit changed is
// `patch_coverage(repo, parent_or_empty_tree(repo, sha), sha, ...)`).
std::string parent_or_empty_tree(const std::string& repo, const std::string& sha);

// One sentence: "all 12 changed code lines ran" or "9 of 12 changed code lines ran, 3 in no case", and the
// tool; "no changed code line (...)" when there is none.
std::string patch_coverage_summary(const PatchCoverage& coverage);

}  // namespace zfcheck
