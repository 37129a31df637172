// The sweep: every grid case through the model and the invariants; per broken invariant a count and
// the simplest counterexample.
#pragma once

#include "harness/checks/causes.hpp"
#include "harness/checks/engine.hpp"
#include "harness/checks/result_summary.hpp"
#include "harness/checks/sweep_grid.hpp"
#include "harness/checks/topk_sweep.hpp"
#include "harness/io/progress.hpp"
#include "reference/evaluate.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zfcheck {

struct Finding {
  std::string invariant;
  std::uint64_t count = 0;  // grid cases that break it
  Case example;             // the simplest of them (minimal_order.hpp)
  Result result;            // what the profile makes of the example
  std::vector<CauseGroup> causes;  // its cases by cause (causes.hpp), simplest example first
};

struct SweepReport {
  std::string profile;
  std::uint64_t cases = 0;
  std::vector<Finding> findings;  // registry order; only invariants some case breaks
  std::optional<TopkSweep> topk = std::nullopt;  // the top-k grid under the engine's selection rules, where it has them
  NotEvaluated not_evaluated =
      {};  // cases the engine's runner could not answer: no invariant is judged on them
};

// A sweep's tallies, case by case: what sweep() keeps as it walks the grid, and what a walk that judges two
// engines at once (diff, review) keeps for each.
class SweepTally {
 public:
  SweepTally();
  // Judges one answered case: each invariant it breaks is counted, under its cause.
  void add(const Case& c, const Result& r);
  // A case the engine's runner could not answer, and why.
  void add_not_evaluated(const std::string& reason) { not_evaluated_.add(reason); }
  // `engine`'s answer to `c`: add()ed, or where its runner could not answer (runner_failure()), counted as
  // not evaluated under the engine's name and the reason.
  void add_answer(const Engine& engine, const Case& c, const Result& r);
  const CauseTallies& causes() const { return causes_; }
  // The report of `engine` over a grid of `cases` (with its top-k sweep, where the engine has selection
  // rules).
  SweepReport report(const Engine& engine, std::uint64_t cases) const;

 private:
  std::vector<std::uint64_t> counts_;  // by invariant
  CauseTallies causes_;
  NotEvaluated not_evaluated_;
};

SweepReport sweep(const SweepGrid& grid, const Engine& engine, Progress* progress = nullptr);

// The report as `zfcheck sweep --json` prints it and corpus/findings/ keeps it: one JSON object,
// {"profile", "cases", "findings": [{"invariant", "count", "example", "result", "causes": [{"cause",
// "count", "example", "result"}]}]}, each finding on a line of its own so that a change to one shows as
// a one-line diff; with the top-k sweep also "topk_problems" and "topk_findings": [topk_finding_json()];
// where some case was not evaluated, "not_evaluated" (NotEvaluated::to_value()) after "cases".
std::string sweep_report_json(const SweepReport& report);
py::Value finding_to_value(const Finding& finding);
py::Value cause_to_value(const CauseGroup& cause);

}  // namespace zfcheck
