// Answers reused across revisions: a case is sent to the runners only where no answer kept for it holds at
// this revision (docs/upstream-engine.md, "Answers reused across revisions").
#pragma once

#include "harness/upstream/measured_answers.hpp"
#include "harness/upstream/unit_table.hpp"

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>

namespace zfcheck {

// How a revision's cases were answered: reused, or evaluated and why.
struct ReuseCounts {
  std::uint64_t reused = 0;
  std::uint64_t changed_lines = 0;  // an answer was kept, but a function it ran differs here
  std::uint64_t module_level = 0;   // an answer was kept, but module-level code it could reach differs here
  std::uint64_t new_cases = 0;      // no answer was kept for the case

  std::uint64_t evaluated() const { return changed_lines + module_level + new_cases; }
  void add(const ReuseCounts& other);
  // "re-evaluated 1,296 of 345,443 cases (1,296 module level)"; "reused all 1,269 cases".
  std::string summary() const;
};

// The traces one engine has seen, each read once against its revision's table.
class TraceMemo {
 public:
  explicit TraceMemo(UnitTable table) : table_(std::move(table)), covered_(table_.code_lines()) {}
  void learn(const std::string& id, const std::string& text);
  bool knows(const std::string& id) const;
  const std::string& text(const std::string& id) const;
  const TraceAtRevision& at(const std::string& id) const;
  // Adds what a trace that holds here ran to covered() (each trace once).
  void cover(const std::string& id);
  // The lines the covered traces ran, with the loading lines of every file they reached, and the lines with
  // code of every file (a file no case reached has code that ran in no case, as evaluating every case finds).
  ExecutedLines covered() const;

 private:
  struct Known {
    std::string text;
    mutable std::optional<TraceAtRevision> read;
  };
  UnitTable table_;
  mutable std::mutex mutex_;
  std::map<std::string, Known> known_;
  std::set<std::string> covered_traces_, covered_files_;
  ExecutedLines covered_;
};

struct ReuseRequest {
  const ResultCache& cache;
  const std::string& key;  // the batch's key: the runner script and the case lines, not the revision
  const std::string& engine;
  bool verify = false;  // evaluate every case and fail where a reused answer differs
};

// The answers to `lines` (from runners started with --units), each case's reused where an answer kept for it
// holds here, else from `pool`; the traces they hold by are added to memo.covered(). `check` and the stand-in
// rule as for answer_measured. With verify, every case is evaluated, and an answer that differs from the one
// that would have been reused throws EngineFailure naming the case and both answers.
MeasuredAnswers answer_reusing(const ReuseRequest& request, TraceMemo& memo,
                               const std::vector<std::string>& lines, RunnerPool& pool,
                               const std::function<void(const std::vector<std::string>&)>& check,
                               ReuseCounts& counts);

}  // namespace zfcheck
