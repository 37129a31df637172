// One conformance run: cases in batches, each through the model under a profile and through upstream's own
// code, compared field by field; the lines that are not cases are listed, not compared.
#pragma once

#include "harness/io/case_io.hpp"
#include "harness/io/progress.hpp"
#include "harness/upstream/conformance.hpp"
#include "harness/upstream/upstream_engine.hpp"

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

  const DisagreementSummary& summary() const { return summary_; }
  // "line N: <reason>" for each input that is not a case the model accepts.
  const std::vector<std::string>& invalid() const { return invalid_; }
  // The report: the disagreements by field (each replayed with `replay_prefix`), "agreement: A/N cases",
  // then the lines not compared.
  std::string render(const std::string& replay_prefix,
                     const TerminalStyle& style = TerminalStyle(false)) const;

 private:
  void compare_batch();

  Profile profile_;
  const UpstreamEngine& upstream_;
  Progress* progress_;
  std::vector<Case> batch_;
  DisagreementSummary summary_;
  std::vector<std::string> invalid_;
};

}  // namespace zfcheck
