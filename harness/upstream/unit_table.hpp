// A revision's units and module fingerprints (zf_units.py --units-table), and what a case's trace, recorded
// at any revision, means at this one: whether its answer still holds, and the lines it ran here.
#pragma once

#include "harness/upstream/executed_lines.hpp"

#include <tl/expected.hpp>

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// Why an answer recorded at another revision cannot be reused at this one, or that it can.
enum class Staleness {
  none,           // every file and unit the case reached is the same here: the answer holds
  changed_lines,  // a unit it ran (a function's body) differs here, or is gone
  module_level,   // the module-level code of a file it could reach differs here (imports, constants, fields,
                  // decorators, signatures), or the file is new or gone
};

// What a trace says at one revision.
struct TraceAtRevision {
  Staleness staleness = Staleness::none;
  // When it holds: the files whose module level it reached, and the lines it ran at this revision's numbers.
  std::vector<std::string> reached;
  std::map<std::string, std::vector<int>> ran;
};

class UnitTable {
 public:
  // The runner's --units-table line; the error names what is wrong with it.
  static tl::expected<UnitTable, std::string> from_json(std::string_view line);

  // A trace (zf_units.py's form) read against this revision; a trace that is not in that form is stale at
  // module level (it is recorded again).
  TraceAtRevision read(std::string_view trace) const;
  // Every file's lines with code, none of them run: where a file no case reached stands in patch coverage.
  ExecutedLines code_lines() const;
  // Adds a reached file's lines with code, and those that ran loading it, to `out` (a case that reaches a
  // file ran its loading lines).
  void add_loading_lines(const std::string& file, ExecutedLines& out) const;

 private:
  struct Unit {
    int def_line = 0;
    std::string fingerprint;
  };
  struct File {
    std::map<std::string, Unit, std::less<>> units;
    std::set<int> executable;
    std::set<int> at_load;
  };
  std::map<std::string, std::string, std::less<>> modules_;  // file -> module fingerprint ("-": absent)
  std::map<std::string, File, std::less<>> files_;
};

// The tool the runner records a trace's lines with (zf_coverage.OwnTracer's name).
extern const char* const kTraceTool;

}  // namespace zfcheck
