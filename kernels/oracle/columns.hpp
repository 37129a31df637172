// plan_columns: the full columns each rank ranks and how many it keeps, by upstream's own formulas.
#pragma once

#include "reference/error.hpp"
#include "kernels/oracle/run_outcome.hpp"
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
  // That int() is a Python int past int64 (a finite but huge ratio): num_select is 0 here, and torch's topk,
  // which cannot take it, raises on the owning rank.
  bool num_select_beyond_int64 = false;

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

// Where a parameter lies: in the flat buffer (parameter order; what the partition splits) and in the
// bucket (bucket order; what is scored), and where upstream's selection reads its columns from.
struct ParamPlace {
  std::int64_t flat_begin = 0;
  std::int64_t bucket_begin = 0;
  // bucket_begin, less (stages 1/2, under one_d_params_shift_offsets) the elements of the 1-D
  // parameters ahead of it in the bucket: upstream's curr_size does not count them.
  std::int64_t read_begin = 0;
};

struct ParamColumns {
  ParamShape shape;
  ParamPlace place;
  bool skipped = false;              // never ranked: a 1-D parameter, or stage 3 with R == 1
  std::vector<Stage12Chunk> chunks;  // stages 1/2, in rank (= offset) order
  Stage3Columns stage3;              // stage 3
};

// A parameter's columns, or the exception upstream raises for it (the parameters before it assumed fine).
using ParamPlan = tl::expected<ParamColumns, Error>;

struct ColumnPlan {
  int stage = 2;
  std::int64_t bucket_size = 0;  // elements in the flat bucket: the sum of R * C
  std::vector<ParamPlan> params;
  RunAnswer run;  // where each rank's run raises (the parameters' errors as the ranks meet them)
};

// The parameters' indices in the order their gradients reach the bucket: the problem's bucket_order, or
// the flat order; a CaseError (field "bucket_order") unless it is a permutation of the parameters.
tl::expected<std::vector<std::size_t>, Error> bucket_sequence(const ColumnsProblem& problem);

// Upstream's selection never ranks a 1-D parameter, nor at stage 3 one with R == 1 (its (N, 1) view).
bool never_ranked(const ColumnsProblem& problem, const ParamShape& shape);

// Every parameter's place, in parameter order; bucket_sequence's CaseError for a bad bucket order.
// Sizes are checked by the caller (plan_columns).
tl::expected<std::vector<ParamPlace>, Error> param_places(const ColumnsProblem& problem);

// Stages 1/2: rank r holds flat elements [bounds[r], bounds[r + 1]) of a bucket of `bucket_size`: the
// problem's partition, checked, or DeepSpeed's (the buffer padded to a multiple of 2 x world_size, each
// rank holding an equal part of it: 2 x ceil(bucket_size / (2 x world_size)) elements; the padding lies
// at the end, so the last ranks hold fewer real elements, or none).
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
