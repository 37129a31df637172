// A top-k selection problem: a bucket of 2-D gradients, its split over data-parallel ranks, and topk_ratio.
#pragma once

#include "kernels/oracle/low_precision.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace zfcheck {

// A parameter's original shape (R, C): C columns of R rows each.
struct ParamShape {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
};

// What the column geometry depends on (no gradient values).
struct ColumnsProblem {
  int stage = 2;  // 1 or 2: ranks per partition chunk; 3: ranks per parameter after an all-gather
  double topk_ratio = 0.1;
  std::int64_t world_size = 1;
  std::vector<ParamShape> params;  // in flat-buffer order
  // Stages 1/2: elements of the flat buffer per rank, rank 0 first; none: split evenly as ZeRO does.
  std::optional<std::vector<std::int64_t>> partition;
};

struct SelectionProblem {
  ColumnsProblem layout;
  GradDtype dtype = GradDtype::float32;
  // The flat bucket: each parameter's R*C values in turn, transposed (column j's R values contiguous),
  // each value already rounded to `dtype`.
  std::vector<float> bucket;
};

}  // namespace zfcheck
