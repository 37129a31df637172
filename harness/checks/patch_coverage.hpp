// Patch coverage: which of the lines a revision changes have code, and which of those some case executed.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace zfcheck {

struct ChangedLine {
  std::string file;  // repository path
  int line = 0;      // in the new revision
  std::string text;  // the line as the new revision has it
};

struct PatchCoverage {
  std::string tool;           // what recorded the executed lines
  std::uint64_t changed = 0;  // lines added or modified by the new revision in the files measured
  std::uint64_t code = 0;     // of them, the lines with code (not comments, blank or continuation lines)
  std::uint64_t reached = 0;  // of those, the lines some case executed
  std::vector<ChangedLine> unreached;  // the code lines no case executed, by file and line
};

// The new side's changed lines of a `git diff -U0` text: repository path -> line numbers, ascending.
std::map<std::string, std::vector<int>> changed_lines(const std::string& diff_text);

// Lines per repository path: those with code, and those executed.
using LinesByFile = std::map<std::string, std::set<int>>;

// `changed` (changed_lines()) held against what ran: `texts` holds the new revision's files (path -> text),
// `executable` and `executed` what the tool recorded. A file with nothing recorded (no case ran) counts every
// changed line as code.
PatchCoverage measure_patch(const std::map<std::string, std::vector<int>>& changed,
                            const std::map<std::string, std::string>& texts, const LinesByFile& executable,
                            const LinesByFile& executed, const std::string& tool);

// One sentence: "all 12 changed code lines ran" or "9 of 12 changed code lines ran, 3 in no case", and the
// tool; "no changed code line (...)" when there is none.
std::string patch_coverage_summary(const PatchCoverage& coverage);

}  // namespace zfcheck
