// The profile-pair bodies: they hold on the builtin profiles, and break where a profile stops doing what
// its upstream change says.
#include "properties/suite/differential.hpp"
#include "properties/tests/body_test_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck::props {
namespace {

using testing::case_of;
using testing::with_mutant;

TEST(Pr8274Body, holdsOnTheBoundsItNames) {
  for (auto json : {R"({"zenflow":{"topk_ratio":0}})", R"({"zenflow":{"topk_ratio":1.0,"foo":1}})",
                    R"({"zenflow":{"topk_ratio":1.5}})", R"({"zenflow":{"update_interval":0}})",
                    R"({"zenflow":{"update_interval":-1,"select_strategy":"bad"}})",
                    R"({"zenflow":{"self":1,"topk_ratio":0}})", R"({"zenflow":{}})"}) {
    EXPECT_EQ(pr8274_changes_exactly_its_two_bounds(case_of(json)), std::nullopt) << json;
  }
}

TEST(Pr8274Body, breaksWhenMasterAppliesABoundOrThePrForgetsOne) {
  auto zero = case_of(R"({"zenflow":{"topk_ratio":0}})");
  auto update = case_of(R"({"zenflow":{"update_interval":0}})");
  EXPECT_TRUE(pr8274_changes_exactly_its_two_bounds(
      zero, with_mutant("deepspeed-edaa722:topk_ratio_open_interval=on")));
  EXPECT_TRUE(pr8274_changes_exactly_its_two_bounds(
      zero, with_mutant("deepspeed-8274:topk_ratio_open_interval=off")));
  EXPECT_TRUE(pr8274_changes_exactly_its_two_bounds(
      update, with_mutant("deepspeed-edaa722:update_interval_min_1=on")));
  EXPECT_TRUE(
      pr8274_changes_exactly_its_two_bounds(update, with_mutant("deepspeed-8274:update_interval_min_1=off")));
  EXPECT_TRUE(pr8274_changes_exactly_its_two_bounds(case_of(R"({"zenflow":{"select_interval":5}})"),
                                                    with_mutant("deepspeed-8274:warning_raises=off")));
}

TEST(FixCommitBody, holdsOnTheCasesItNames) {
  for (auto json :
       {R"({"zenflow":{"steps_per_epoch":0}})", R"({"zenflow":{"steps_per_epoch":-5}})",
        R"({"zenflow":{},"dataloader_len":0})", R"({"zenflow":{"steps_per_epoch":3},"dataloader_len":0})",
        R"({"zenflow":{"steps_per_epoch":3},"dataloader_len":10})"}) {
    EXPECT_EQ(fix_commit_changes_exactly_its_cases(case_of(json)), std::nullopt) << json;
  }
}

TEST(FixCommitBody, breaksWhenTheFinalRevisionLosesAFix) {
  EXPECT_TRUE(fix_commit_changes_exactly_its_cases(case_of(R"({"zenflow":{"steps_per_epoch":-5}})"),
                                                   with_mutant("pr-8456:steps_per_epoch_min_1=off")));
  EXPECT_TRUE(
      fix_commit_changes_exactly_its_cases(case_of(R"({"zenflow":{},"dataloader_len":0})"),
                                           with_mutant("pr-8456:assign_only_positive_dataloader_len=off")));
  EXPECT_TRUE(fix_commit_changes_exactly_its_cases(case_of(R"({"zenflow":{}})"),
                                                   with_mutant("pr-8456:warn_when_no_epoch_length=off")));
}

// No switch flip breaks this body: with a non-empty dataloader every profile takes the same path but for
// validation bounds and the Warning, which it leaves out. It guards the model's dataloader path itself.
TEST(DataloaderCallersBody, ignoresWhatThePrChangesOnPurpose) {
  for (auto json :
       {R"({"zenflow":{"select_interval":5},"dataloader_len":10})",  // Warning at 8274, logged now
        R"({"zenflow":{"steps_per_epoch":0},"dataloader_len":10})",  // rejected by pr-8456 only
        R"({"zenflow":{}})", R"({"zenflow":{},"dataloader_len":0})"}) {
    EXPECT_EQ(dataloader_callers_see_no_change(case_of(json)), std::nullopt) << json;
  }
}

}  // namespace
}  // namespace zfcheck::props
