// evaluate(): validation, set-up and schedule chained as upstream runs them.
#include "reference/evaluate.hpp"

#include "reference/schedule.hpp"

namespace zfcheck {

std::string_view outcome_name(Outcome outcome) {
  switch (outcome) {
    case Outcome::ok:
      return "ok";
    case Outcome::config_error:
      return "config_error";
    case Outcome::init_error:
      return "init_error";
    case Outcome::step_error:
      return "step_error";
    case Outcome::unmodelled:
      return "unmodelled";
    case Outcome::invalid_case:
      return "invalid_case";
  }
  return "unknown";
}

namespace {

constexpr std::string_view kStage0StepError =
    "'PlainOptimizer' object has no attribute '_sync_selective_optimizer_lr' (ZeRO stage 0 builds no ZenFlow "
    "optimizer; "
    "the first backward or step calls its methods)";

// The whole config: DeepSpeedConfig, then the engine copy and its overwrite of gradient_accumulation_steps,
// then the optimizer ZeRO's stage builds.
Result evaluate_whole_config(const Case& c, const py::Dict& config, const Profile& profile, Result r) {
  r.whole_config = true;
  auto ds = read_deepspeed_config(config, py::Int(c.world_size), profile.switches, r.warnings);
  if (!ds) {
    r.outcome = ds.error().type == kUnmodelledType ? Outcome::unmodelled : Outcome::config_error;
    r.error = std::move(ds.error());
    return r;
  }
  const ZeroConfig& zero = ds->zero;
  r.deepspeed = DeepSpeedView{ds->batch, zero.stage, zero.offload_optimizer, zero.overlap_comm};
  if (!zero.zenflow) return r;  // ZenFlow off
  r.zenflow_enabled = true;
  r.config = *zero.zenflow;
  Environment env{c.dataloader_len, zero.stage, zero.overlap_comm,
                  zero.offload_optimizer.has_value() && *zero.offload_optimizer != "none"};
  std::vector<SetupWarning> logged;
  const auto fail = [&](Outcome outcome, Error error) {
    for (SetupWarning w : logged) r.warnings.push_back(warning_line(w));
    r.outcome = outcome;
    r.error = std::move(error);
    return r;
  };
  ZenFlowConfig cfg = *r.config;  // the result keeps the config as validated; the engine may assign to it
  auto engine = run_engine_copy(cfg, env, profile.switches, logged);
  if (!engine) return fail(Outcome::init_error, std::move(engine.error()));
  // engine.configure_zenflow's last line: engine._config.gradient_accumulation_steps =
  // engine.update_interval.
  r.deepspeed->batch.gradient_accumulation_steps = engine->update_interval;
  if (zero.stage == 0)
    return fail(Outcome::step_error, Error{"AttributeError", std::nullopt, std::string(kStage0StepError)});
  auto resolved = run_optimizer_copy(cfg, env, profile.switches, logged);
  if (!resolved) return fail(Outcome::init_error, std::move(resolved.error()));
  for (SetupWarning w : logged) r.warnings.push_back(warning_line(w));
  r.selections = selections(resolved->select_interval, resolved->full_warm_up_rounds, c.micro_steps);
  r.resolved = std::move(*resolved);
  r.engine = std::move(*engine);
  return r;
}

}  // namespace

Result evaluate(const Case& c, const Profile& profile) {
  Result r;
  r.id = c.id;
  r.profile = profile.name;
  if (c.deepspeed_config) {
    const py::Dict* config = c.deepspeed_config->as<py::Dict>();
    if (config == nullptr) {  // case_from_value refuses it; a case built in code may not have been read
      r.outcome = Outcome::invalid_case;
      r.error = Error{"CaseError", "deepspeed_config", "deepspeed_config must be a JSON object"};
      return r;
    }
    return evaluate_whole_config(c, *config, profile, std::move(r));
  }
  auto validated = validate_zenflow(c.zenflow, profile.switches);
  if (!validated) {
    r.outcome = Outcome::config_error;
    r.error = std::move(validated.error());
    return r;
  }
  if (!validated->has_value()) return r;  // ZenFlow off
  r.zenflow_enabled = true;
  r.config = std::move(**validated);
  std::vector<SetupWarning> logged;
  auto setup = run_setup(*r.config, Environment{c.dataloader_len, c.stage, c.overlap_comm}, profile.switches, logged);
  for (SetupWarning w : logged) r.warnings.push_back(warning_line(w));
  if (!setup) {
    r.outcome = Outcome::init_error;
    r.error = std::move(setup.error());
    return r;
  }
  r.selections = selections(setup->resolved.select_interval, setup->resolved.full_warm_up_rounds, c.micro_steps);
  r.resolved = std::move(setup->resolved);
  r.engine = std::move(setup->engine);
  return r;
}

}  // namespace zfcheck
