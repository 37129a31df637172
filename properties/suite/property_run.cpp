// A spec as a RapidCheck property, run, and its result turned into a PropertyRun.
#include "properties/suite/property_run.hpp"

#include "harness/io/replay_command.hpp"
#include "properties/suite/branch_tag.hpp"
#include "properties/generators/generators.hpp"
#include "properties/generators/reproduce.hpp"

#include <rapidcheck/Check.h>
#include <rapidcheck/detail/TestListener.h>

namespace zfcheck::props {

namespace {

class QuietListener : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

}  // namespace

std::string failure_text(const PropertySpec& spec, const Case& c, const std::string& verdict) {
  std::string line = case_line(c);
  std::string out = verdict + "\n  case: " + line;
  for (const std::string& profile : spec.profiles) {
    out += "\n  replay: " + replay_command(c, profile_option(profile));
  }
  return out;
}

rc::detail::Property as_rapidcheck_property(const PropertySpec& spec, const ProfileSet& profiles) {
  return rc::detail::toProperty([&spec, &profiles](const Case& c) {
    RC_TAG(branch_tag(evaluate(c, profiles.at(spec.profiles.front()))));
    if (auto verdict = spec.body(c, profiles)) {
      throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure, failure_text(spec, c, *verdict));
    }
  });
}

PropertyRun run_property(const PropertySpec& spec, const ProfileSet& profiles,
                         const rc::detail::TestParams& params, const ReproduceMap& reproduce) {
  PropertyRun run;
  if (!reproduce.empty() && !reproduce.contains(spec.name)) {
    run.skipped = true;
    return run;
  }
  rc::detail::TestMetadata metadata{spec.name, spec.statement};
  QuietListener listener;
  auto result = rc::detail::checkProperty(as_rapidcheck_property(spec, profiles), metadata, params, listener,
                                          reproduce);
  rc::detail::SuccessResult success;
  rc::detail::FailureResult failure;
  rc::detail::GaveUpResult gave_up;
  rc::detail::Error error;
  if (result.match(success)) {
    run.passed = success.numSuccess;
    run.distribution = std::move(success.distribution);
  } else if (result.match(failure)) {
    run.passed = failure.numSuccess;
    auto c = case_at(failure.reproduce);
    if (!c) {
      run.trouble = "cannot decode the counterexample: " + c.error();
      return run;
    }
    run.falsified = Falsification{std::move(*c), failure.description, failure.reproduce};
  } else if (result.match(gave_up)) {
    run.trouble =
        "RapidCheck gave up after " + std::to_string(gave_up.numSuccess) + " tests: " + gave_up.description;
  } else if (result.match(error)) {
    run.trouble = "RapidCheck failed: " + error.description;
  }
  return run;
}

}  // namespace zfcheck::props
