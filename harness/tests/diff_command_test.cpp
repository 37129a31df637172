// End-to-end tests of `zfcheck diff`'s exit status: 1 when the new engine introduces a cause (or, with
// --any-difference, when any case differs), 0 otherwise.
#include "cli_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(DiffCommand, DifferencesThatIntroduceNoCauseExitZeroUnlessAnyDifferenceIsAsked) {
  auto fix = testing::run_zfcheck("diff --from pr-8456:assign_only_positive_dataloader_len=off --to pr-8456");
  EXPECT_EQ(fix.status, 0) << fix.out;
  EXPECT_TRUE(testing::output_has(fix, "\ncauses introduced: 0\n")) << fix.out;
  EXPECT_FALSE(testing::output_has(fix, " 0 of ")) << fix.out;  // cases do differ
  auto any = testing::run_zfcheck(
      "diff --any-difference --from pr-8456:assign_only_positive_dataloader_len=off --to pr-8456");
  EXPECT_EQ(any.status, 1) << any.out;
}

TEST(DiffCommand, ACauseIntroducedExitsOne) {
  auto run = testing::run_zfcheck("diff --from pr-8456 --to pr-8456:assign_only_positive_dataloader_len=off");
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_FALSE(testing::output_has(run, "\ncauses introduced: 0\n")) << run.out;
}

TEST(DiffCommand, TheSameEngineTwiceExitsZeroEitherWay) {
  EXPECT_EQ(testing::run_zfcheck("diff --from pr-8456 --to pr-8456").status, 0);
  EXPECT_EQ(testing::run_zfcheck("diff --any-difference --from pr-8456 --to pr-8456").status, 0);
}

}  // namespace
}  // namespace zfcheck
