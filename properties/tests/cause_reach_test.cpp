// The recorded causes (docs/causes.md) through the generators: every one is reached, with how often, and
// met by RapidCheck, and a counterexample shrunk within a cause ends as simple as the cause's recorded
// example.
#include "harness/checks/causes.hpp"
#include "properties/tests/findings_on_disk.hpp"
#include "properties/generators/generators.hpp"
#include "properties/suite/finding_search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>
#include <map>

namespace zfcheck::props {
namespace {

// Generated cases drawn to count the causes they reach (as many as the branch-reach check draws).
constexpr std::size_t kCauseSamples = 60'000;

struct RecordedCauseOf {
  std::string profile;
  std::string invariant;
  RecordedCause cause;
};

std::vector<RecordedCauseOf> every_recorded_cause() {
  std::vector<RecordedCauseOf> out;
  for (const Profile& p : builtin_profiles()) {
    for (const std::string& invariant : testing::recorded_findings_on_disk().invariants(p.name)) {
      for (RecordedCause& c : testing::recorded_findings_on_disk().causes(p.name, invariant))
        out.push_back({p.name, invariant, c});
    }
  }
  return out;
}

// "<profile> <invariant>: <cause>", the key the reach counts are kept under.
std::string key(std::string_view profile, std::string_view invariant, std::string_view cause) {
  return std::string(profile) + " " + std::string(invariant) + ": " + std::string(cause);
}

// How often the generated cases reach each recorded cause (0 for those they never reach).
const std::map<std::string, std::size_t>& reach() {
  static const std::map<std::string, std::size_t> counts = [] {
    std::map<std::string, std::size_t> reached;
    gen::sample_cases(1, kCauseSamples, [&](const Case& c) {
      for (const Profile& p : builtin_profiles()) {
        Result r = evaluate(c, p);
        ViolationMask broken = violation_mask(c, r);
        for (std::size_t i = 0; i < invariants().size(); ++i) {
          const Invariant& inv = invariants()[i];
          if (broken & (ViolationMask{1} << i)) ++reached[key(p.name, inv.name, cause_of(inv, c, r))];
        }
      }
    });
    return reached;
  }();
  return counts;
}

std::size_t reached(const RecordedCauseOf& r) {
  auto it = reach().find(key(r.profile, r.invariant, r.cause.cause));
  return it == reach().end() ? 0 : it->second;
}

TEST(RecordedCauses, theGeneratorsReachEveryRecordedCause) {
  auto recorded = every_recorded_cause();
  ASSERT_FALSE(recorded.empty());
  std::size_t fewest = kCauseSamples;
  std::cout << "recorded causes reached by " << kCauseSamples << " generated cases (seed 1):\n";
  for (const RecordedCauseOf& r : recorded) {
    std::string k = key(r.profile, r.invariant, r.cause.cause);
    std::size_t n = reached(r);
    fewest = std::min(fewest, n);
    std::cout << "  " << n << "\t" << k << "\n";
    EXPECT_GT(n, 0u) << "no generated case reaches " << k << " (a gap of the generators)";
  }
  std::cout << "the rarest recorded cause is reached " << fewest << " times\n";
}

// A property that fails exactly on the cases breaking the invariant with the cause.
PropertySpec within_cause(const RecordedCauseOf& r) {
  const Invariant* invariant = find_invariant(r.invariant);
  return PropertySpec{"causeOf" + camel_case(r.invariant, true),
                      "no case breaks " + r.invariant + " with " + r.cause.cause,
                      {r.profile},
                      r.invariant,
                      [invariant, r](const Case& c, const ProfileSet& profiles) -> std::optional<Failure> {
                        Result result = evaluate(c, profiles.at(r.profile));
                        if (invariant->holds(c, result) || cause_of(*invariant, c, result) != r.cause.cause)
                          return std::nullopt;
                        return "breaks " + r.invariant + " with cause " + r.cause.cause;
                      }};
}

TEST(RecordedCauses, shrinkingStaysWithinACauseAndReachesItsRecordedExample) {
  // A rare cause needs as many cases as the reach count drew to be met at all.
  TestParams params = rc_params_from_environment().test;
  params.max_success = std::max(params.max_success, static_cast<int>(kCauseSamples));
  std::size_t shrunk = 0;
  for (const RecordedCauseOf& r : every_recorded_cause()) {
    if (find_invariant(r.invariant) == nullptr) {
      ADD_FAILURE() << "recorded invariant " << r.invariant << " is not in the registry";
      continue;
    }
    PropertySpec spec = within_cause(r);
    PropertyRun run = run_for_expectation(spec, ProfileSet::builtin(), params, &r.cause.example);
    auto unmet = unmet_expectation(spec, ProfileSet::builtin(), run, &r.cause.example);
    EXPECT_FALSE(unmet.has_value()) << r.profile << " " << r.invariant << ": " << r.cause.cause << "\n"
                                    << unmet.value_or("");
    shrunk += run.falsified && !unmet.has_value();
  }
  std::cout << "shrunk within " << shrunk << " recorded causes to their recorded example or a simpler one "
            << "(seed " << params.seed << ")\n";
}

}  // namespace
}  // namespace zfcheck::props
