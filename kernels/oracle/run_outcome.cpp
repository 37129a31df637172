// Per-rank outcomes from the failures the plan found, and the dtypes of upstream's index tensors.
#include "kernels/oracle/run_outcome.hpp"

namespace zfcheck {

RankOutcome rank_outcome(const RunFailures& failures, std::int64_t rank) {
  if (auto it = failures.own.find(rank); it != failures.own.end()) return {RankEnd::raised, &it->second};
  if (failures.rest) return {RankEnd::raised, &*failures.rest};
  return {failures.own.empty() ? RankEnd::ok : RankEnd::blocked, nullptr};
}

bool some_rank_blocked(const RunAnswer& run) {
  const RunFailures& f = run.failures;
  return !f.own.empty() && !f.rest && static_cast<std::int64_t>(f.own.size()) < run.world_size;
}

std::string_view first_collective(int stage) { return stage == 3 ? "all_gather" : "broadcast"; }

std::string_view index_dtype(int stage, bool empty) {
  if (stage != 3) return "int32";
  return empty ? "float32" : "int64";
}

bool integer_dtype(std::string_view dtype) { return dtype.starts_with("int"); }

}  // namespace zfcheck
