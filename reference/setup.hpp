// ZenFlow set-up: the engine copy and the optimizer copy (stages 1/2 or stage 3) that resolve the intervals.
#pragma once

#include "reference/config.hpp"
#include "reference/error.hpp"
#include "reference/profile.hpp"

#include <tl/expected.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// What the caller's environment gives set-up. Torch is 2.1 or later; for a zenflow block alone the rest
// of the DeepSpeed config is the tutorial's (offload_optimizer on the CPU).
struct Environment {
  std::optional<std::int64_t> dataloader_len;  // nothing: no training_data= was passed
  int stage = 2;
  std::optional<bool> overlap_comm;  // zero_optimization.overlap_comm; nothing: ZeRO's default
  // The stage-1/2 optimizer's cpu_offload: offload_optimizer given with a device other than "none".
  bool cpu_offload = true;
};

// zero_optimization.overlap_comm as DeepSpeedZeroConfig resolves it: unset means true at stage 3 only.
bool overlap_comm_in_effect(const Environment& env);

// The warnings the model's set-up logs, by stable identifier (the PR's texts are not known, only where it
// logs). Results carry each as its line, warning_line(); upstream's code logs its own words, carried
// verbatim (docs/invariants.md says how a warning is judged by what it means).
enum class SetupWarning {
  auto_overrides_integer_select_interval,
  select_interval_never_repeats,
};
inline constexpr std::array<SetupWarning, 2> kSetupWarnings{SetupWarning::auto_overrides_integer_select_interval,
                                                           SetupWarning::select_interval_never_repeats};
std::string_view warning_id(SetupWarning warning);
std::string_view warning_text(SetupWarning warning);
// The line a result carries for a warning the model logs: "<id>: <text>".
const std::string& warning_line(SetupWarning warning);

// The intervals as the optimizer that runs the selection sees them.
struct Resolved {
  std::string_view select_strategy;  // "step" or "epoch"
  py::Int select_interval;
  py::Int update_interval;
  bool auto_update = false;
  std::optional<py::Int> steps_per_epoch;
  py::Int full_warm_up_rounds;

  bool operator==(const Resolved&) const = default;
};

// The engine's view, read by is_zenflow_update_boundary.
struct EngineView {
  py::Int select_interval;
  py::Int update_interval;
  bool auto_update = false;

  bool operator==(const EngineView&) const = default;
};

struct SetupResult {
  Resolved resolved;
  EngineView engine;
};

// engine.py configure_zenflow on `config` (which it may assign steps_per_epoch on, re-running validation):
// the engine's view. Warnings are appended as logged, also when it then raises.
tl::expected<EngineView, Error> run_engine_copy(ZenFlowConfig& config, const Environment& env,
                                                const Switches& switches,
                                                std::vector<SetupWarning>& warnings);

// The optimizer's __init__ prologue and its copy (stages 1/2 or 3), after the engine copy.
tl::expected<Resolved, Error> run_optimizer_copy(const ZenFlowConfig& config, const Environment& env,
                                                 const Switches& switches,
                                                 std::vector<SetupWarning>& warnings);

// Runs the engine copy, then the optimizer's __init__ prologue and its copy, on `config` (which the
// engine may assign steps_per_epoch on, re-running validation). Warnings are appended as logged,
// also when set-up then raises.
tl::expected<SetupResult, Error> run_setup(ZenFlowConfig config, const Environment& env, const Switches& switches,
                                           std::vector<SetupWarning>& warnings);

}  // namespace zfcheck
