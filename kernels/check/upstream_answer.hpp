// Upstream's own answer to a top-k problem (a zf_topk_upstream.py line) read back and judged by the top-k
// invariants, as review and history judge each revision's selection.
#pragma once

#include "kernels/check/topk_invariants.hpp"
#include "kernels/oracle/topk_answer.hpp"
#include "kernels/oracle/topk_problem.hpp"

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include <string>
#include <vector>

namespace zfcheck {

struct UpstreamAnswer {
  SelectionAnswer answer;
  ObservedRun observed;
};

// The runner's answer line to `problem` (docs/topk-format.md, upstream's run): per parameter its selection,
// or its error (a parameter the run never answered is an error of type "Unanswered"); per rank whether it
// was blocked; every index tensor's dtype. Fails, saying why, on a line with an "error" (the runner could
// not run the problem) or one whose shape does not fit the problem.
tl::expected<UpstreamAnswer, std::string> read_upstream_answer(const SelectionProblem& problem,
                                                               const nlohmann::ordered_json& line);

// The top-k invariants upstream's answer breaks, in catalogue order. Where upstream reads a parameter's
// columns from is not in its answer: the answer is judged with the parameters read where they lie, unless
// its selection is a valid top-k only when the parameters after a 1-D one are read from the shifted
// offsets (docs/zenflow.md#d39), when it is judged read from there, so that topk-scores-own-columns names
// the shift.
std::vector<std::string> upstream_violations(const SelectionProblem& problem, const UpstreamAnswer& answer);

}  // namespace zfcheck
