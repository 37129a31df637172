// Per-rank outcomes from the failures the plan found, and the dtypes of upstream's index tensors.
#include "kernels/oracle/run_outcome.hpp"

namespace zfcheck {

RankOutcome rank_outcome(const RunFailures& failures, std::int64_t rank) {
  if (auto it = failures.own.find(rank); it != failures.own.end()) return {RankEnd::raised, &it->second};
  if (failures.rest) return {RankEnd::raised, &*failures.rest};
  return {failures.own.empty() ? RankEnd::ok : RankEnd::blocked, nullptr};
}

std::string_view first_collective(int stage) { return stage == 3 ? "all_gather" : "broadcast"; }

std::string_view index_dtype(int stage, bool empty) {
  if (stage != 3) return "int32";
  return empty ? "float32" : "int64";
}

}  // namespace zfcheck
