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
    case Outcome::unmodelled:
      return "unmodelled";
    case Outcome::invalid_case:
      return "invalid_case";
  }
  return "unknown";
}

Result evaluate(const Case& c, const Profile& profile) {
  Result r;
  r.id = c.id;
  r.profile = profile.name;
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
