// The project's types to RapidCheck's rc::detail ones and back, and its programmatic checkProperty.
#include "properties/generators/rapidcheck_adapter.hpp"

#include "properties/generators/generators.hpp"

#include <rapidcheck/Check.h>
#include <rapidcheck/Classify.h>
#include <rapidcheck/detail/Configuration.h>
#include <rapidcheck/detail/Property.h>
#include <rapidcheck/detail/Results.h>
#include <rapidcheck/detail/TestListener.h>
#include <rapidcheck/detail/TestParams.h>
#include <rapidcheck/gen/detail/ExecRaw.h>
#include <rapidcheck/shrinkable/Operations.h>

#include <type_traits>

namespace zfcheck::props {

static_assert(std::is_same_v<TagCounts, rc::detail::Distribution>);

namespace {

rc::detail::TestParams to_rc(const TestParams& p) {
  rc::detail::TestParams out;
  out.seed = p.seed;
  out.maxSuccess = p.max_success;
  out.maxSize = p.max_size;
  out.maxDiscardRatio = p.max_discard_ratio;
  out.disableShrinking = p.disable_shrinking;
  return out;
}

TestParams from_rc(const rc::detail::TestParams& p) {
  return TestParams{p.seed, p.maxSuccess, p.maxSize, p.maxDiscardRatio, p.disableShrinking};
}

rc::detail::Reproduce to_rc(const ReproducePoint& p) {
  return rc::detail::Reproduce{p.random, p.size, p.shrink_path};
}

ReproducePoint from_rc(const rc::detail::Reproduce& r) {
  return ReproducePoint{r.random, r.size, r.shrinkPath};
}

std::unordered_map<std::string, rc::detail::Reproduce> to_rc(const ReproduceMap& failures) {
  std::unordered_map<std::string, rc::detail::Reproduce> out;
  for (const auto& [id, point] : failures) out.emplace(id, to_rc(point));
  return out;
}

RcParams from_rc(const rc::detail::Configuration& config) {
  RcParams out{from_rc(config.testParams), {}};
  for (const auto& [id, reproduce] : config.reproduce) out.reproduce.emplace(id, from_rc(reproduce));
  return out;
}

// A driver prints what it expects to print, so RapidCheck's own reporting stays silent.
class QuietListener : public rc::detail::TestListener {
 public:
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {}
  void onShrinkTried(const rc::detail::CaseDescription&, bool) override {}
  void onTestFinished(const rc::detail::TestMetadata&, const rc::detail::TestResult&) override {}
};

}  // namespace

RcParams rc_params_from_environment() { return from_rc(rc::detail::configuration()); }

tl::expected<RcParams, std::string> parse_rc_params(const std::string& text) {
  try {
    return from_rc(rc::detail::configFromString(text));
  } catch (const rc::detail::ConfigurationException& e) {
    return tl::unexpected(std::string(e.what()));
  }
}

std::string reproduce_entry(const ReproduceMap& failures) {
  rc::detail::Configuration config;
  config.reproduce = to_rc(failures);
  std::string params = rc::detail::configToMinimalString(config);
  // configToMinimalString always writes the seed, which a reproduction ignores.
  std::size_t at = params.find("reproduce=");
  if (at == std::string::npos) return {};
  return params.substr(at, params.find(' ', at) - at);
}

tl::expected<Case, std::string> case_at(const ReproducePoint& point) {
  // The same shrink tree as check_property's rc::detail::toProperty for its body taking one `const Case&`.
  const auto drawn = rc::gen::detail::execRaw([](const Case& c) { return c; });
  auto found = rc::shrinkable::walkPath(drawn(point.random, point.size), point.shrink_path);
  if (!found) return tl::unexpected(std::string("the shrink path does not fit this build's generator"));
  return found->value().first;
}

CheckResult check_property(const std::string& id, const std::string& statement,
                           const std::function<CaseVerdict(const Case&)>& verdict, const TestParams& params,
                           const ReproduceMap& reproduce) {
  auto property = rc::detail::toProperty([&verdict](const Case& c) {
    CaseVerdict v = verdict(c);
    RC_TAG(v.tag);
    if (v.failure) throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure, std::move(*v.failure));
  });
  QuietListener listener;
  auto result = rc::detail::checkProperty(property, rc::detail::TestMetadata{id, statement}, to_rc(params),
                                          listener, to_rc(reproduce));
  CheckResult out;
  rc::detail::SuccessResult success;
  rc::detail::FailureResult failure;
  rc::detail::GaveUpResult gave_up;
  rc::detail::Error error;
  if (result.match(success)) {
    out.passed = success.numSuccess;
    out.distribution = std::move(success.distribution);
  } else if (result.match(failure)) {
    out.passed = failure.numSuccess;
    out.failed = ShrunkFailure{std::move(failure.description), from_rc(failure.reproduce)};
  } else if (result.match(gave_up)) {
    out.trouble =
        "RapidCheck gave up after " + std::to_string(gave_up.numSuccess) + " tests: " + gave_up.description;
  } else if (result.match(error)) {
    out.trouble = "RapidCheck failed: " + error.description;
  }
  return out;
}

void print_success(std::ostream& out, int passed, const TagCounts& distribution) {
  rc::detail::printResultMessage(rc::detail::SuccessResult{passed, distribution}, out);
}

}  // namespace zfcheck::props
