// Judging runs: a property must hold, or its recorded finding must be found as simple as recorded and
// still break it.
#include "properties/suite/finding_search.hpp"
#include "properties/tests/body_test_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck::props {
namespace {

using testing::case_of;

const PropertySpec& spec(std::string_view name) { return *find_property(name); }

PropertyRun falsified_by(std::string_view json) {
  PropertyRun run;
  run.passed = 3;
  run.falsified = Falsification{case_of(json), "what broke", {}};
  return run;
}

TEST(Expectations, aPropertyThatShouldHoldMustHold) {
  const PropertySpec& s = spec("pr8456KeepsEngineAndOptimizerAgree");
  EXPECT_EQ(unmet_expectation(s, ProfileSet::builtin(), PropertyRun{}, nullptr), std::nullopt);
  auto unmet = unmet_expectation(s, ProfileSet::builtin(), falsified_by(R"({"zenflow":{}})"), nullptr);
  ASSERT_TRUE(unmet);
  EXPECT_NE(unmet->find("falsified after 4 tests"), std::string::npos) << *unmet;
  EXPECT_NE(unmet->find("RC_PARAMS=\"reproduce="), std::string::npos) << *unmet;
}

TEST(Expectations, aFindingMustBeFound) {
  const PropertySpec& s = spec("deepspeed8274KeepsReselectsOrWarns");
  Case recorded = case_of(R"({"zenflow":{}})");
  auto unmet = unmet_expectation(s, ProfileSet::builtin(), PropertyRun{}, &recorded);
  ASSERT_TRUE(unmet);
  EXPECT_NE(unmet->find("was not found"), std::string::npos) << *unmet;
  EXPECT_NE(unmet->find("still breaks it: the generator misses it"), std::string::npos) << *unmet;
}

TEST(Expectations, aFindingMustShrinkAsFarAsTheRecordedExample) {
  const PropertySpec& s = spec("deepspeed8274KeepsIntervalNotNegative");
  Case recorded = case_of(R"({"zenflow":{"steps_per_epoch":-5}})");
  auto larger = falsified_by(R"({"zenflow":{"select_strategy":"step","select_interval":-1}})");
  auto unmet = unmet_expectation(s, ProfileSet::builtin(), larger, &recorded);
  ASSERT_TRUE(unmet);
  EXPECT_NE(unmet->find("is not as simple as the recorded"), std::string::npos) << *unmet;
  EXPECT_EQ(unmet_expectation(s, ProfileSet::builtin(), falsified_by(R"({"zenflow":{"steps_per_epoch":-1}})"),
                              &recorded),
            std::nullopt);
}

TEST(Expectations, theRecordedExampleMustStillBreakIt) {
  const PropertySpec& s = spec("deepspeed8274KeepsEpochMeansEpochs");
  const char* json = R"({"zenflow":{"steps_per_epoch":1},"dataloader_len":0})";
  Case recorded = case_of(json);
  EXPECT_EQ(unmet_expectation(s, ProfileSet::builtin(), falsified_by(json), &recorded), std::nullopt);
  auto unmet =
      unmet_expectation(s, testing::with_mutant("deepspeed-8274:assign_only_positive_dataloader_len=on"),
                        falsified_by(json), &recorded);
  ASSERT_TRUE(unmet);
  EXPECT_NE(unmet->find("no longer breaks the property"), std::string::npos) << *unmet;
}

TEST(Expectations, troubleIsAFailureAndASkipIsNot) {
  PropertyRun trouble;
  trouble.trouble = "RapidCheck gave up";
  EXPECT_EQ(unmet_expectation(spec("autoBehavesAsAbsent"), ProfileSet::builtin(), trouble, nullptr),
            "RapidCheck gave up");
  PropertyRun skipped;
  skipped.skipped = true;
  Case recorded = case_of(R"({"zenflow":{}})");
  EXPECT_EQ(unmet_expectation(spec("deepspeed8274KeepsReselectsOrWarns"), ProfileSet::builtin(), skipped,
                              &recorded),
            std::nullopt);
}

}  // namespace
}  // namespace zfcheck::props
