// Reading and changing a case's config where explain looks and fixes: the zenflow block (of a whole config
// or of an eval-format case) and single settings of a whole config.
#pragma once

#include "reference/evaluate.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// zero_optimization.zenflow of the whole config (None when absent), or the case's `zenflow`.
const py::Value& zenflow_block(const Case& c);
// The case with that block replaced (nothing: removed).
Case with_zenflow_block(const Case& c, std::optional<py::Value> block);

// A setting of the whole config a fix may write, where it is the fix (docs/explain.md#fixes).
struct Setting {
  std::vector<std::string> path;
  py::Value value;
};
// zero_optimization.overlap_comm true (the offload/overlap_comm assertion), offload_optimizer.device "cpu"
// (ZenFlow needs cpu offload at stages 1 and 2), zero_optimization.stage 2 (no ZenFlow optimizer at stage
// 0), gradient_allreduce_op "mean" (DeepSpeed refuses "sum" with ZenFlow).
const std::vector<Setting>& fix_settings();

// The value at `path` of the whole config, or nullptr (also for a case without a whole config).
const py::Value* setting_value(const Case& c, const std::vector<std::string>& path);
// The case with the setting written, objects on the way created; nothing when the case has no whole config
// or a step of the path is not an object.
std::optional<Case> with_setting(const Case& c, const Setting& s);

}  // namespace zfcheck
