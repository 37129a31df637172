// The one judgement of a kernel run against the oracle: the kernel tests, the top-k fuzzer and `zfcheck
// topk`.
#pragma once

#include "kernels/kernel_answer.hpp"
#include "kernels/oracle/topk_answer.hpp"
#include "kernels/oracle/topk_problem.hpp"
#include "reference/error.hpp"

#include <tl/expected.hpp>

#include <string>
#include <vector>

namespace zfcheck {

// The strictness, one rule for every caller. A kernel run (the CPU build or the CUDA kernels) passes when:
//  1. it answers exactly the problems the oracle answers;
//  2. every ranking segment's indices are an exact top-k of the run's own scores: k distinct positions
//     inside the segment, none left out ranking above one taken (NaN highest, as torch.topk);
//  3. its answer breaks no top-k invariant (docs/invariants.md) that the oracle's answer keeps; among them
//     topk-kernel-matches-oracle (the oracle's set wherever scores are distinct beyond summation-order
//     tolerance) and topk-is-valid-selection;
//  4. wherever its scores are bit-identical to the oracle's, its answer is the oracle's, byte for byte.
struct KernelJudgement {
  std::vector<std::string> failures;  // empty: the run passes; otherwise one sentence per broken rule
  std::vector<std::string> broken;    // rule 3: the invariants it breaks that the oracle keeps
  bool scores_identical = false;      // rule 4 applied
};

KernelJudgement judge_kernel_run(const SelectionProblem& problem,
                                 const tl::expected<SelectionAnswer, Error>& oracle,
                                 const tl::expected<kernels::KernelOutput, Error>& kernel);

// `zfcheck topk --impl both`'s violations, in catalogue order: the invariants the oracle's answer breaks
// (upstream's behaviour) and those the kernel run breaks beyond it, plus topk-kernel-matches-oracle
// whenever the judgement fails the run on another rule.
std::vector<std::string> oracle_and_kernel_violations(const SelectionProblem& problem,
                                                      const SelectionAnswer& oracle,
                                                      const KernelJudgement& judgement);

// The same for a problem the oracle answered, with the kernel's CPU build run and judged here: the
// "violations" of `zfcheck topk --impl both`.
std::vector<std::string> impl_both_violations(const SelectionProblem& problem, const SelectionAnswer& oracle);

}  // namespace zfcheck
