// One-line, human-readable accounts of what a result says, for the text reports.
#pragma once

#include "reference/evaluate.hpp"
#include "reference/py_value.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace zfcheck {

// "ZenFlow off"; "config_error ValidationError (topk_ratio): <message>"; or for ok
// "select_interval 0 (engine 0), update_interval auto, warm-up 0: 1 selection in 40 micro-steps [0]; no
// warning".
std::string summarize(const Result& r, std::int64_t micro_steps);

// "config_error (ValidationError)", "ok", "ZenFlow off": the outcome and the error's class.
std::string outcome_label(const Result& r);

// Why the engine could not answer the case, where its runner failed ("RunnerStandIn: zfcheck's runner has
// only a stand-in for ...": a stand-in's gap, or a schedule it could not read; docs/upstream-engine.md); none
// for an answer, the model's `unmodelled`, a revision lacking a file and a value the format cannot hold.
std::optional<std::string> runner_failure(const Result& r);

// The cases an engine could not answer (runner_failure()), by reason.
struct NotEvaluated {
  std::uint64_t count = 0;
  // Each distinct reason ("upstream@58c460b6d: RunnerStandIn: ...") and its cases, most first.
  std::vector<std::pair<std::string, std::uint64_t>> reasons;

  void add(const std::string& reason);
  // "" when none; else "3 cases not evaluated (the runner could not answer them: <reason> (2 cases); ...)",
  // naming the first `listed` reasons.
  std::string summary(std::size_t listed = 3) const;
  // {"count", "reasons": [{"reason", "count"}]}
  py::Value to_value() const;
};

}  // namespace zfcheck
