// Interval resolution on the three upstream code paths, each as the profile's switches say.
#include "reference/setup.hpp"

#include <array>

namespace zfcheck {

namespace {

constexpr std::string_view kAutoWarningText =
    "If use auto select strategy, select_interval will be set to 1 and select_strategy will be set to epoch, thus "
    "select_interval would be overwritten.";

// The part every copy shares: strategy and select interval (before the epoch length), update interval.
struct Intervals {
  std::string_view strategy;
  py::Int select;
  py::Int update;
  bool auto_update = false;
};

tl::expected<Intervals, Error> resolve_strategy(const ZenFlowConfig& cfg, const Switches& sw,
                                                std::vector<SetupWarning>& warnings) {
  Intervals out;
  if (cfg.select_strategy == "auto") {
    out.strategy = "epoch";
    if (std::holds_alternative<py::Int>(cfg.select_interval)) {
      if (sw.warning_raises) return tl::unexpected(raised("Warning", kAutoWarningText));
      warnings.push_back(SetupWarning::auto_overrides_integer_select_interval);
    }
    out.select = 1;
  } else {
    out.strategy = cfg.select_strategy == "step" ? "step" : "epoch";
    const py::Int* s = std::get_if<py::Int>(&cfg.select_interval);
    if (s == nullptr) {
      return tl::unexpected(raised("ValueError", "If don't use auto select strategy, select_interval must be a number."));
    }
    out.select = *s;
  }
  if (const py::Int* u = std::get_if<py::Int>(&cfg.update_interval)) {
    out.update = *u;
  } else {
    out.auto_update = true;
    out.update = 0;
  }
  return out;
}

// The guard the copies put on steps_per_epoch: `is not None`, or truthiness.
bool epoch_length_usable(const std::optional<py::Int>& steps, const Switches& sw) {
  return steps.has_value() && (!sw.truth_guard_on_steps_per_epoch || *steps != 0);
}

// Multiplies in the epoch length when the guard passes; otherwise 0 (and the PR's warning).
void apply_epoch_length(Intervals& iv, const std::optional<py::Int>& steps, bool length_known, const Switches& sw,
                        std::vector<SetupWarning>& warnings) {
  if (iv.strategy != "epoch") return;
  if (length_known && epoch_length_usable(steps, sw)) {
    iv.select *= *steps;
    return;
  }
  if (sw.warn_when_no_epoch_length) warnings.push_back(SetupWarning::select_interval_never_repeats);
  iv.select = 0;
}

std::optional<Error> check_select_not_below_update(const Intervals& iv) {
  if (!iv.auto_update && iv.select != 0 && iv.select < iv.update) {
    return raised("ValueError", "Select interval must be greater or equal to update interval");
  }
  return std::nullopt;
}

// engine.py configure_zenflow.
tl::expected<Intervals, Error> engine_copy(ZenFlowConfig& cfg, const Environment& env, const Switches& sw,
                                           std::vector<SetupWarning>& warnings) {
  auto iv = resolve_strategy(cfg, sw, warnings);
  if (!iv) return iv;
  bool assigned = false;
  if (iv->strategy == "epoch" && env.dataloader_len &&
      (*env.dataloader_len > 0 || !sw.assign_only_positive_dataloader_len)) {
    // `zenflow_config.steps_per_epoch = len(dataloader)`: validate_assignment re-runs validate_fields,
    // and a failure leaves the new value assigned.
    cfg.steps_per_epoch = py::Int(*env.dataloader_len);
    if (auto failure = model_validator_failure(cfg, sw)) return tl::unexpected(model_validator_error(*failure));
    assigned = true;
  }
  apply_epoch_length(*iv, cfg.steps_per_epoch, assigned || sw.engine_reads_steps_per_epoch, sw, warnings);
  if (auto error = check_select_not_below_update(*iv)) return tl::unexpected(std::move(*error));
  return iv;
}

// zenflow_stage_1_and_2.py __init__ + _configure_zenflow, or engine_stage3.py epilogue + configure_zenflow.
tl::expected<Intervals, Error> optimizer_copy(const ZenFlowConfig& cfg, const Environment& env, const Switches& sw,
                                              std::vector<SetupWarning>& warnings) {
  if (cfg.offload && !overlap_comm_in_effect(env)) {
    return tl::unexpected(raised("AssertionError", "offload selective optimizer should be used with overlap_comm"));
  }
  // ZenFlowZeroOptimizer._configure_zenflow (stages 1/2 only; stage 3 has no such check).
  if (env.stage != 3 && !env.cpu_offload)
    return tl::unexpected(raised("ValueError", "Zenflow must be used with cpu offload"));
  auto iv = resolve_strategy(cfg, sw, warnings);
  if (!iv) return iv;
  apply_epoch_length(*iv, cfg.steps_per_epoch, true, sw, warnings);
  if (auto error = check_select_not_below_update(*iv)) return tl::unexpected(std::move(*error));
  return iv;
}

}  // namespace

bool overlap_comm_in_effect(const Environment& env) { return env.overlap_comm.value_or(env.stage == 3); }

std::string_view warning_id(SetupWarning warning) {
  switch (warning) {
    case SetupWarning::auto_overrides_integer_select_interval:
      return "auto-overrides-integer-select_interval";
    case SetupWarning::select_interval_never_repeats:
      return "select-interval-never-repeats";
  }
  return "unknown";
}

std::string_view warning_text(SetupWarning warning) {
  switch (warning) {
    case SetupWarning::auto_overrides_integer_select_interval:
      return kAutoWarningText;
    case SetupWarning::select_interval_never_repeats:
      return "ZenFlow will select its important columns once and never re-select them: no epoch length is "
             "known. Pass training_data= to deepspeed.initialize(), set zenflow.steps_per_epoch, or use "
             "select_strategy \"step\" with an integer select_interval.";
  }
  return "";
}

const std::string& warning_line(SetupWarning warning) {
  static const std::array<std::string, kSetupWarnings.size()> lines = [] {
    std::array<std::string, kSetupWarnings.size()> out;
    for (SetupWarning w : kSetupWarnings)
      out[static_cast<std::size_t>(w)] = std::string(warning_id(w)) + ": " + std::string(warning_text(w));
    return out;
  }();
  return lines[static_cast<std::size_t>(warning)];
}

tl::expected<EngineView, Error> run_engine_copy(ZenFlowConfig& cfg, const Environment& env,
                                                const Switches& sw, std::vector<SetupWarning>& warnings) {
  auto engine = engine_copy(cfg, env, sw, warnings);
  if (!engine) return tl::unexpected(std::move(engine.error()));
  return EngineView{std::move(engine->select), std::move(engine->update), engine->auto_update};
}

tl::expected<Resolved, Error> run_optimizer_copy(const ZenFlowConfig& cfg, const Environment& env,
                                                 const Switches& sw, std::vector<SetupWarning>& warnings) {
  auto optimizer = optimizer_copy(cfg, env, sw, warnings);
  if (!optimizer) return tl::unexpected(std::move(optimizer.error()));
  return Resolved{optimizer->strategy,    std::move(optimizer->select), std::move(optimizer->update),
                  optimizer->auto_update, cfg.steps_per_epoch,          cfg.full_warm_up_rounds};
}

tl::expected<SetupResult, Error> run_setup(ZenFlowConfig cfg, const Environment& env, const Switches& sw,
                                           std::vector<SetupWarning>& warnings) {
  auto engine = run_engine_copy(cfg, env, sw, warnings);
  if (!engine) return tl::unexpected(std::move(engine.error()));
  auto resolved = run_optimizer_copy(cfg, env, sw, warnings);
  if (!resolved) return tl::unexpected(std::move(resolved.error()));
  return SetupResult{std::move(*resolved), std::move(*engine)};
}

}  // namespace zfcheck
