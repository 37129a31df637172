// The differential checks of a kernel run against the oracle, shared by the CPU-build and GPU tests.
#pragma once

#include "kernels/kernel_answer.hpp"
#include "kernels/oracle/topk_answer.hpp"

#include <string>
#include <vector>

namespace zfcheck::testing {

struct OracleComparison {
  std::vector<std::string> failures;  // empty: the kernel run agrees
  bool scores_identical = false;  // every score bit-identical to the oracle's (then answers must be equal)
  int errored_params = 0;
};

// Checks that the kernel run (1) ranks exactly by its own scores, (2) keeps topk-kernel-matches-oracle and
// topk-is-valid-selection, and (3) gives the oracle's very answer whenever its scores are the oracle's.
OracleComparison compare_with_oracle(const SelectionProblem& problem, const SelectionAnswer& oracle,
                                     const kernels::KernelOutput& kernel);

}  // namespace zfcheck::testing
