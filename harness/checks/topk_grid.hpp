// The top-k grid: a fixed, deterministic set of small selection problems that every profile's selection
// rules are swept over, for the top-k findings of corpus/findings (harness/checks/topk_sweep.hpp).
//
// Problem i is decoded from i in mixed radix, simplest first (ordinary values before degenerate ones),
// so the first problem that breaks an invariant is its minimal example. Slowest to fastest:
//   parameters     1, 2 or 3, each one of the shapes (in this order) [3] (a bias or norm weight), [2, 3],
//                  [3, 2] (its columns straddle 2 ranks), [1, 4] (a weight of one row), [6, 1] (one column
//                  longer than a rank's part at 3 ranks); the first parameter varies slowest
//   bucket order   the flat order; for 2 or 3 parameters also the reverse (the backward pass's)
//   world_size     1, 2, 3 (DeepSpeed's default partition: padded to 2 x world_size, equal parts)
//   stage          1, 2, 3
//   topk_ratio     0.5, 0.1 (the default: no column of these small weights), 1.0
// Every problem is float32; the value at bucket position p = 0, 1, ... (bucket order) is (5p mod 23) + 1
// with alternating signs (+1, -6, +11, -16, +21, -3, ...): distinct magnitudes in buckets of up to 18
// values, not in column order, so that a column scored from elsewhere changes what is selected.
// (5 + 2 x 25 + 2 x 125) x 3 x 3 x 3 = 8,235 problems.
#pragma once

#include "kernels/oracle/topk_problem.hpp"

#include <cstdint>

namespace zfcheck {

std::uint64_t topk_grid_size();

// Problem `index`, under upstream's rules as a problem line gives them (the selection switches at their
// defaults). Like vector::at, an index at or past topk_grid_size() throws std::out_of_range.
SelectionProblem topk_grid_problem(std::uint64_t index);

}  // namespace zfcheck
