// A spec as a RapidCheck property, run, and its result turned into a PropertyRun.
#include "properties/suite/property_run.hpp"

#include "harness/io/replay_command.hpp"
#include "properties/suite/branch_tag.hpp"

namespace zfcheck::props {

std::string failure_text(const PropertySpec& spec, const Case& c, const std::string& verdict) {
  std::string line = case_line(c);
  std::string out = verdict + "\n  case: " + line;
  for (const std::string& profile : spec.profiles) {
    out += "\n  replay: " + replay_command(c, profile_option(profile));
  }
  return out;
}

PropertyRun run_property(const PropertySpec& spec, const ProfileSet& profiles, const TestParams& params,
                         const ReproduceMap& reproduce) {
  PropertyRun run;
  if (!reproduce.empty() && !reproduce.contains(spec.name)) {
    run.skipped = true;
    return run;
  }
  CheckResult result = check_property(
      spec.name, spec.statement,
      [&spec, &profiles](const Case& c) {
        CaseVerdict verdict{branch_tag(evaluate(c, profiles.at(spec.profiles.front()))), std::nullopt};
        if (auto failure = spec.body(c, profiles)) verdict.failure = failure_text(spec, c, *failure);
        return verdict;
      },
      params, reproduce);
  run.passed = result.passed;
  run.distribution = std::move(result.distribution);
  run.trouble = std::move(result.trouble);
  if (result.failed) {
    auto c = case_at(result.failed->reproduce);
    if (!c) {
      run.trouble = "cannot decode the counterexample: " + c.error();
      return run;
    }
    run.falsified = Falsification{std::move(*c), std::move(result.failed->description), result.failed->reproduce};
  }
  return run;
}

}  // namespace zfcheck::props
