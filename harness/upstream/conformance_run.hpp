// One conformance run: cases in batches, each through the model under a profile and through upstream's own
// code, compared field by field; the lines that are not cases and the cases upstream's runner could not
// answer are listed, not compared.
#pragma once

#include "harness/checks/result_summary.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/progress.hpp"
#include "harness/upstream/conformance.hpp"
#include "harness/upstream/upstream_engine.hpp"

#include <optional>
#include <string>
#include <vector>

namespace zfcheck {

class ConformanceRun {
 public:
  // `progress` (may be null) is updated after each batch.
  ConformanceRun(Profile profile, const UpstreamEngine& upstream, Progress* progress = nullptr)
      : profile_(std::move(profile)), upstream_(upstream), progress_(progress) {}

  // One input: a case (compared when its batch is full), or why line `line` is not one (listed).
  // Throws EngineFailure when upstream's code cannot answer.
  void add(tl::expected<Case, CaseError> c, std::size_t line);
  // Compares the last, partial batch.
  void finish();

  // The cases compared: those upstream's runner answered.
  const DisagreementSummary& summary() const { return summary_; }
  // The cases whose answer is a runner failure (RunnerStandIn, RunnerError: docs/upstream-engine.md), by
  // reason; the report names the smallest of them.
  const NotEvaluated& not_evaluated() const { return not_evaluated_; }
  // "line N: <reason>" for each input that is not a case the model accepts.
  const std::vector<std::string>& invalid() const { return invalid_; }
  // The report: the disagreements by field (each replayed with `replay_prefix`), "agreement: A/N cases",
  // then the cases not evaluated (the reasons and the smallest case) and the lines not compared.
  std::string render(const std::string& replay_prefix,
                     const TerminalStyle& style = TerminalStyle(false)) const;

 private:
  void compare_batch();

  Profile profile_;
  const UpstreamEngine& upstream_;
  Progress* progress_;
  std::vector<Case> batch_;
  DisagreementSummary summary_;
  NotEvaluated not_evaluated_;
  std::optional<Case> first_not_evaluated_;
  std::vector<std::string> invalid_;
};

}  // namespace zfcheck
