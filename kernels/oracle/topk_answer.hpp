// The answer to a selection problem, and the builders every implementation (oracle, kernel) shares.
#pragma once

#include "kernels/oracle/columns.hpp"
#include "kernels/oracle/run_outcome.hpp"
#include "reference/error.hpp"

#include <tl/expected.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace zfcheck {

// Stages 1/2: a chunk's geometry and the absolute column indices it selects, ascending.
struct ChunkSelection {
  Stage12Chunk chunk;
  std::vector<std::int64_t> indices;
};

// Stage 3: what one rank keeps, relative to its first full column, in descending-score order.
struct RankSelection {
  std::int64_t rank = 0;
  std::int64_t start_column = 0;
  std::vector<std::int64_t> local_indices;
};

struct ParamSelection {
  bool skipped = false;                // never ranked: a 1-D parameter, or stage 3 with R == 1
  std::vector<ChunkSelection> chunks;  // stages 1/2
  std::vector<RankSelection> ranks;    // stage 3
  std::vector<std::int64_t> selected;  // absolute column indices, ascending
};

using ParamAnswer = tl::expected<ParamSelection, Error>;

struct SelectionAnswer {
  int stage = 2;
  std::vector<ParamAnswer> params;
  std::optional<RunAnswer> run = std::nullopt;  // how each rank's run ends (from the column plan)
};

// A parameter upstream's selection skips (ParamColumns::skipped): nothing selected.
inline ParamSelection skipped_selection() { return ParamSelection{true, {}, {}, {}}; }

// Stages 1/2: `chunk_indices[i]` holds chunk i's absolute indices, ascending; `selected` is their
// concatenation (upstream's partition_selected_indices and selected_indices).
ParamSelection stage12_selection(const ParamColumns& param,
                                 std::vector<std::vector<std::int64_t>> chunk_indices);

// Stage 3: `global_order` is torch.topk's answer over the parameter's gathered scores (positions in the
// concatenation of the ranks' full columns), descending score; each rank keeps the positions in its range.
ParamSelection stage3_selection(const ParamColumns& param, std::span<const std::int64_t> global_order);

}  // namespace zfcheck
