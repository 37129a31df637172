// The mutation check: every config rule switch flipped in every builtin profile is noticed by some
// property, or no case at all tells the mutant from the profile. (A selection switch is checked by the
// top-k tests: kernels/tests/topk_oracle_test.cpp.)
#include "properties/suite/mutation.hpp"
#include "properties/tests/ci_params.hpp"
#include "reference/tests/test_paths.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

namespace zfcheck::props {
namespace {

// One test per builtin profile, each flipping every switch of it, so that ctest runs them in parallel.
class MutationCheck : public ::testing::TestWithParam<std::string> {};

TEST_P(MutationCheck, everySwitchFlipIsDetectedOrChangesNoResult) {
  RcParams rc_params = rc_params_from_environment();
  if (!rc_params.reproduce.empty()) GTEST_SKIP() << "RC_PARAMS reproduces properties";
  auto recorded = RecordedFindings::read(zfcheck::testing::source_path("corpus/findings"));
  ASSERT_TRUE(recorded) << recorded.error();
  TestParams params = rc_params.test;
  params.max_success = std::min(params.max_success, testing::kMutationMaxSuccess);
  std::vector<MutantReport> reports;
  for (const SwitchInfo& sw : switches_in(SwitchScope::config)) {
    reports.push_back(check_mutant(sw.name, GetParam(), *recorded, params, testing::kMutationSamples));
    const MutantReport& r = reports.back();
    if (!r.detected_by.empty()) {
      std::cout << r.mutant << ": detected by";
      for (const auto& name : r.detected_by) std::cout << " " << name;
      std::cout << "\n  first: " << r.first_detection.substr(0, r.first_detection.find('\n')) << "\n";
    } else if (!r.distinguishing_case) {
      std::cout << r.mutant << ": equivalent, no result differs on the sweep grid nor on "
                << testing::kMutationSamples << " generated cases\n";
    }
    EXPECT_FALSE(r.detected_by.empty() && r.distinguishing_case)
        << "hole in the suite: no property notices " << r.mutant << ", yet it changes the result of "
        << case_line(*r.distinguishing_case);
  }
  std::cout << "\n" << mutation_table(reports, TableFormat::markdown);
}

std::vector<std::string> builtin_names() {
  std::vector<std::string> names;
  for (const Profile& p : builtin_profiles()) names.push_back(p.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(Profiles, MutationCheck, ::testing::ValuesIn(builtin_names()), [](const auto& info) {
  std::string name = info.param;
  for (char& ch : name) ch = ch == '-' ? '_' : ch;
  return name;
});

}  // namespace
}  // namespace zfcheck::props
