// Which lines of upstream's files ran: the runner's coverage answers (zf_coverage.py), merged over runners
// and batches.
#pragma once

#include <tl/expected.hpp>

#include <map>
#include <set>
#include <string>
#include <string_view>

namespace zfcheck {

struct ExecutedLines {
  std::string
      tool;  // what recorded them: "coverage.py <version>", zfcheck's own tracer or its statement marks
  std::map<std::string, std::set<int>> executable;  // repository path -> the lines that have code
  std::map<std::string, std::set<int>> executed;    // repository path -> the lines that ran

  // The union; each tool named once ("coverage.py 7.4 and zfcheck's statement marks").
  void merge(const ExecutedLines& other);
  // One line, the runner's own shape: {"coverage": {"tool": ..., "files": {path: {"executable",
  // "executed"}}}}.
  std::string to_json() const;
  // A runner's answer (or to_json()'s line); the error names what is wrong with it.
  static tl::expected<ExecutedLines, std::string> from_json(std::string_view line);
};

// The input line that asks a runner started with --coverage for the lines that ran since it last asked
// (zf_coverage.py's REQUEST, read from the built-in copy).
const std::string& coverage_request_line();

}  // namespace zfcheck
