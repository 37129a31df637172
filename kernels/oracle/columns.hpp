// plan_columns: the full columns each rank ranks and how many it keeps, by upstream's own formulas.
#pragma once

#include "reference/error.hpp"
#include "kernels/oracle/topk_problem.hpp"

#include <tl/expected.hpp>

#include <cstdint>
#include <vector>

namespace zfcheck {

// Ranks beyond this are outside the model (the default partition is held as one count per rank).
inline constexpr std::int64_t kMaxWorldSize = std::int64_t{1} << 20;

// Stages 1/2: one rank's part of a parameter (zenflow_stage_1_and_2.update_selected_channels).
struct Stage12Chunk {
  std::int64_t rank = 0;
  std::int64_t offset = 0;  // element offset inside the (transposed) parameter
  std::int64_t numel = 0;
  std::int64_t start_column = 0;  // 0 if offset == 0, else int((offset - 1) / R) + 1
  std::int64_t end_column = 0;    // int((offset + numel) / R)
  std::int64_t num_select = 0;    // int(topk_ratio * (end_column - start_column))

  std::int64_t columns() const { return end_column - start_column; }
};

// Stage 3: one rank's slice of a parameter (engine_stage3.update_selected_channels).
struct Stage3Rank {
  std::int64_t rank = 0;
  std::int64_t start = 0;         // partition_numel * rank
  std::int64_t end = 0;           // min(start + partition_numel, N)
  std::int64_t start_column = 0;  // math.ceil(start / R): its first full column
  std::int64_t end_column = 0;    // end // R
  std::int64_t score_offset = 0;  // where its columns start among the parameter's gathered scores

  std::int64_t columns() const { return end_column - start_column; }
};

struct Stage3Columns {
  std::int64_t partition_numel = 0;  // ceil(N / world_size)
  std::vector<Stage3Rank> ranks;     // every rank, in order (each holds data when the plan has no error)
  std::int64_t total_columns = 0;    // T: full columns over all ranks
  std::int64_t num_select = 0;       // max(1, int(T * topk_ratio))
};

struct ParamColumns {
  ParamShape shape;
  std::int64_t bucket_begin = 0;     // the parameter's first element in the flat bucket
  bool skipped = false;              // stage 3 with R == 1: treated as 1-D, never ranked
  std::vector<Stage12Chunk> chunks;  // stages 1/2, in rank (= offset) order
  Stage3Columns stage3;              // stage 3
};

// A parameter's columns, or the exception upstream raises for it (the parameters before it assumed fine).
using ParamPlan = tl::expected<ParamColumns, Error>;

struct ColumnPlan {
  int stage = 2;
  std::int64_t bucket_size = 0;  // elements in the flat bucket: the sum of R * C
  std::vector<ParamPlan> params;
};

// Stages 1/2: rank r holds flat elements [bounds[r], bounds[r + 1]) of a bucket of `bucket_size`: the
// problem's partition, checked, or ZeRO's even split (ceil(bucket_size / world_size) per rank, the last
// ranks taking what is left).
tl::expected<std::vector<std::int64_t>, Error> partition_bounds(const ColumnsProblem& problem,
                                                                std::int64_t bucket_size);

// Stage 3: partition_numel() = ceil(N / world_size) elements per rank.
std::int64_t stage3_partition_numel(std::int64_t numel, std::int64_t world_size);

// Errors with type "CaseError" when the problem itself is malformed (stage, world size, shapes, partition)
// or its sizes overflow 64 bits; every degenerate case upstream runs into is a per-parameter error.
tl::expected<ColumnPlan, Error> plan_columns(const ColumnsProblem& problem);

// plan_columns, plus a CaseError unless the problem's bucket holds exactly bucket_size values.
tl::expected<ColumnPlan, Error> plan_selection(const SelectionProblem& problem);

}  // namespace zfcheck
