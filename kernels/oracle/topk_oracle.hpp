// The CPU oracle of top-k column selection: upstream's scores and torch.topk, computed directly.
#pragma once

#include "reference/error.hpp"
#include "kernels/oracle/low_precision.hpp"
#include "kernels/oracle/topk_answer.hpp"
#include "kernels/oracle/topk_problem.hpp"

#include <tl/expected.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace zfcheck {

// abs().sum(dim=1) over `columns` contiguous runs of `rows` values starting at `values[0]`: each column's
// L1 norm accumulated in float32 in row order, then rounded to `dtype` (torch's sum keeps the input dtype).
std::vector<float> column_scores(std::span<const float> values, std::int64_t rows, std::int64_t columns,
                                 GradDtype dtype);

// True when score `a` ranks strictly above `b` in torch.topk(largest=True): NaN above everything, +Inf
// next; two NaNs (or equal values) tie.
bool ranks_above(float a, float b);

// torch.topk(scores, k).indices: descending score, ties lower index first (one of the orders torch may
// give). RuntimeError "selected index k out of range" for k < 0 or k > n.
tl::expected<std::vector<std::int64_t>, Error> torch_topk(std::span<const float> scores, std::int64_t k);

// Upstream's selection for every parameter; errors only for a malformed problem (a CaseError).
tl::expected<SelectionAnswer, Error> oracle_answer(const SelectionProblem& problem);

}  // namespace zfcheck
