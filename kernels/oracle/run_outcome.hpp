// How each rank's run of upstream's selection ends: it returns, raises (where), or waits forever in a
// collective.
#pragma once

#include "reference/error.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string_view>

namespace zfcheck {

// The exception a rank's run stops with, and the parameter it was on (none: outside the loop over
// parameters).
struct RankFailure {
  Error error;
  std::optional<std::size_t> param;
};

// The ranks that raise: `own`, by rank, each rank's first failure in the order its run meets them; `rest`,
// what every other rank raises, where all ranks still running meet one failure in the same place.
struct RunFailures {
  std::map<std::int64_t, RankFailure> own;
  std::optional<RankFailure> rest;

  // Records rank `rank`'s failure unless it has one already.
  void raise(std::int64_t rank, RankFailure failure) { own.try_emplace(rank, std::move(failure)); }
};

// How each rank's run ends: the run's world size and its failures.
struct RunAnswer {
  std::int64_t world_size = 1;
  RunFailures failures;
};

enum class RankEnd { ok, raised, blocked };

struct RankOutcome {
  RankEnd end = RankEnd::ok;
  const RankFailure* failure = nullptr;  // raised: what
};

// Rank `rank`'s outcome: its failure; else blocked where some rank raised (every rank makes the same
// collectives after its selection loop, and the raising ranks never reach the first one); else ok.
RankOutcome rank_outcome(const RunFailures& failures, std::int64_t rank);

// Whether some rank of the run is blocked.
bool some_rank_blocked(const RunAnswer& run);

// The first collective after the selection loop, the one a blocked rank waits in: stages 1/2 broadcast the
// index buffer's slices, stage 3 all_gathers the column sums.
std::string_view first_collective(int stage);

// The dtype of upstream's index tensors: int32 at stages 1/2 (the index buffer's), int64 at stage 3
// (torch.tensor of Python ints), float32 for an empty stage-3 selection (torch.tensor([])).
std::string_view index_dtype(int stage, bool empty);
// Whether a dtype index_dtype names is an integer one.
bool integer_dtype(std::string_view dtype);

}  // namespace zfcheck
