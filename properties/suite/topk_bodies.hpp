// The top-k property bodies: plain functions of one selection problem (docs/topk-format.md), under
// upstream's 1-D rule and the fixed one, shared by the RapidCheck suite and topk_fuzzer.
#pragma once

#include "kernels/oracle/topk_problem.hpp"
#include "properties/suite/failure.hpp"

#include <optional>

namespace zfcheck::props {

// The kernel algorithm's CPU build passes its judgement against the oracle (kernel_judgement.hpp).
std::optional<Failure> kernel_agrees_with_the_oracle(const SelectionProblem& problem);

// The oracle breaks no top-k invariant upstream is not known to break (kUpstreamTopkFindings), and the
// fixed rule not topk-scores-own-columns.
std::optional<Failure> oracle_breaks_only_upstreams_known_findings(const SelectionProblem& problem);

// Under the problem's own rule, topk-scores-own-columns breaks only where a ranked parameter is read from
// elsewhere in the bucket, which happens only at stages 1/2 under upstream's rule.
std::optional<Failure> scores_own_columns_breaks_only_where_read_elsewhere(const SelectionProblem& problem);

}  // namespace zfcheck::props
