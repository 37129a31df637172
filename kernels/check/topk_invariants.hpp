// The top-k invariants of docs/invariants.md: named predicates over a selection problem and an answer to it.
#pragma once

#include "kernels/oracle/topk_answer.hpp"
#include "kernels/oracle/topk_problem.hpp"

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// What upstream's own run showed (zf_topk_upstream.py's answer) where the oracle predicts it: whether some
// rank was left blocked in a collective, and every index tensor's dtype.
struct ObservedRun {
  bool some_rank_blocked = false;
  std::vector<std::string> index_dtypes;
};

// What a top-k invariant judges. `answer` is upstream's (the oracle's) or a kernel's; for a kernel's,
// `oracle` is the oracle's answer to the same problem and scores are compared within summation-order
// tolerance (the kernel sums each column in another order). `observed`: the answer is upstream's own run,
// whose blocked ranks and dtypes are judged as observed, and whose scores, summed in torch's order on its
// device, within the same tolerance.
struct TopkSubject {
  const SelectionProblem& problem;
  const SelectionAnswer& answer;
  const SelectionAnswer* oracle = nullptr;
  const ObservedRun* observed = nullptr;
};

struct TopkInvariant {
  std::string_view name;
  std::string_view statement;
  std::string_view why;
  // True when the subject keeps the invariant. topk-kernel-matches-oracle holds vacuously without an oracle.
  bool (*holds)(const TopkSubject& subject);
};

// The catalogue, in docs/invariants.md order.
std::span<const TopkInvariant> topk_invariants();

// Names of the invariants `subject` breaks, in catalogue order. On upstream's own answers
// every-column-selectable and topk-selects-something are expected findings (straddling columns; small
// parameters with a small ratio).
std::vector<std::string> topk_violations(const TopkSubject& subject);

// The invariants upstream's own selection is known to break (expected findings, not failures):
// straddling columns, small parameters with a small ratio, negative counts (a partition strictly
// inside one column, or a (1, C) weight left out of the index buffer's size), weights scored from
// shifted offsets after a 1-D parameter, ranks left waiting by one that raised, and stage 3's empty
// float32 index tensors.
inline constexpr std::array<std::string_view, 6> kUpstreamTopkFindings{
    "topk-count-matches-ratio", "topk-selects-something", "every-column-selectable",
    "topk-scores-own-columns",  "topk-no-rank-blocks",    "topk-indices-are-integers"};

}  // namespace zfcheck
