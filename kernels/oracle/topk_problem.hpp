// A top-k selection problem: a bucket of gradients, its split over data-parallel ranks, and topk_ratio.
#pragma once

#include "kernels/oracle/low_precision.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace zfcheck {

// A parameter's original shape (R, C): C columns of R rows each. A 1-D parameter [N] (a bias, a norm
// weight) is held as (1, N) with `one_d` set, as upstream's `(1, shape[0])`; it is never ranked.
struct ParamShape {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  bool one_d = false;

  bool operator==(const ParamShape&) const = default;
};

// What the column geometry depends on (no gradient values).
struct ColumnsProblem {
  int stage = 2;  // 1 or 2: ranks per partition chunk; 3: ranks per parameter after an all-gather
  double topk_ratio = 0.1;
  std::int64_t world_size = 1;
  std::vector<ParamShape> params;  // in flat-buffer order
  // Stages 1/2: elements of the flat buffer per rank, rank 0 first; none: DeepSpeed's partition (the
  // buffer padded to a multiple of 2 x world_size and split into equal parts, the padding at the end).
  std::optional<std::vector<std::int64_t>> partition;
  // The order the parameters' gradients reach the bucket, as indices into `params`; none: flat order.
  std::optional<std::vector<std::int64_t>> bucket_order = std::nullopt;
  // Upstream's stages-1/2 rule (Switches::one_d_params_shift_offsets): the selection loop skips a 1-D
  // parameter before counting its elements, so the parameters after it are read from shifted offsets.
  bool one_d_params_shift_offsets = true;
};

struct SelectionProblem {
  ColumnsProblem layout;
  GradDtype dtype = GradDtype::float32;
  // The bucket: each parameter's R*C values in bucket order (`layout.bucket_order`), transposed (column
  // j's R values contiguous), each value already rounded to `dtype`.
  std::vector<float> bucket;
};

}  // namespace zfcheck
