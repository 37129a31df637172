// Every property of the suite through RapidCheck: it holds, or it is a recorded finding found again.
#include "properties/suite/finding_search.hpp"
#include "properties/tests/findings_on_disk.hpp"

#include <gtest/gtest.h>

#include <iostream>

namespace zfcheck::props {
namespace {

std::vector<std::string> property_names() {
  std::vector<std::string> names;
  for (const PropertySpec& spec : property_suite()) names.push_back(spec.name);
  return names;
}

class Property : public ::testing::TestWithParam<std::string> {};

TEST_P(Property, holdsOrIsItsRecordedFinding) {
  const PropertySpec& spec = *find_property(GetParam());
  const Case* recorded =
      spec.invariant.empty() ? nullptr : testing::recorded_findings_on_disk().example(spec.profiles.front(), spec.invariant);
  const RcParams rc_params = rc_params_from_environment();
  PropertyRun run =
      run_for_expectation(spec, ProfileSet::builtin(), rc_params.test, recorded, rc_params.reproduce);
  std::cout << run_report(spec, run, recorded);
  if (run.skipped) GTEST_SKIP() << "RC_PARAMS reproduces other properties";
  auto unmet = unmet_expectation(spec, ProfileSet::builtin(), run, recorded);
  EXPECT_FALSE(unmet.has_value()) << unmet.value_or("");
}

INSTANTIATE_TEST_SUITE_P(Suite, Property, ::testing::ValuesIn(property_names()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace zfcheck::props
