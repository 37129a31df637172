// Reading the asked-for select interval from a zenflow block, and the distance of a schedule from it.
#include "harness/explain/schedule_intent.hpp"

#include <cmath>
#include <cstdlib>
#include <limits>

namespace zfcheck {

namespace {

std::optional<std::int64_t> positive(const py::Value* v) {
  const py::Int* i = v ? v->as<py::Int>() : nullptr;
  auto small = i ? py::to_int64(*i) : std::nullopt;
  return small && *small > 0 ? small : std::nullopt;
}

}  // namespace

std::optional<std::int64_t> asked_interval(const py::Value& zenflow,
                                           std::optional<std::int64_t> dataloader_len) {
  const py::Dict* block = zenflow.as<py::Dict>();
  if (block == nullptr) return std::nullopt;
  const py::Value* strategy = block->find("select_strategy");
  const py::Str* name = strategy ? strategy->as<py::Str>() : nullptr;
  auto interval = positive(block->find("select_interval"));
  auto epoch =
      dataloader_len && *dataloader_len > 0 ? dataloader_len : positive(block->find("steps_per_epoch"));
  if (name != nullptr && *name == "step" && interval) return interval;
  if (name != nullptr && *name == "epoch" && interval && epoch) {
    if (*interval > std::numeric_limits<std::int64_t>::max() / *epoch) return std::nullopt;
    return *interval * *epoch;
  }
  if ((name == nullptr || *name == "auto") && epoch) return epoch;
  return positive(block->find("update_interval"));
}

bool reselects(const Result& r) { return r.resolved && r.resolved->select_interval > 0; }

Stray stray(const Result& r, std::optional<std::int64_t> asked, std::int64_t micro_steps) {
  if (!asked || !r.resolved) return {};
  double interval = static_cast<double>(py::clamp_to(r.resolved->select_interval, 1, std::int64_t{1} << 52));
  std::int64_t asked_count = micro_steps <= 0 ? 0 : (micro_steps + *asked - 1) / *asked;
  return {std::fabs(std::log2(interval / static_cast<double>(*asked))),
          std::llabs(static_cast<std::int64_t>(r.selections.size()) - asked_count)};
}

}  // namespace zfcheck
