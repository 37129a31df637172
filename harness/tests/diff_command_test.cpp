// End-to-end tests of `zfcheck diff`'s exit status: 1 when the new engine introduces a cause (or, with
// --any-difference, when any case differs), 0 otherwise.
#include "cli_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

// (cli.diff_fix_commit and cli.diff_causes_fixed: differences that introduce no cause exit 0.)
TEST(DiffCommand, AnyDifferenceExitsOneWhenCasesDifferThoughNoCauseIsIntroduced) {
  EXPECT_TRUE(testing::exits_printing(
      "diff --any-difference --from pr-8456:assign_only_positive_dataloader_len=off --to pr-8456", 1,
      "\ncauses introduced: 0\n"));
}

TEST(DiffCommand, ACauseIntroducedExitsOne) {
  auto run = testing::run_zfcheck("diff --from pr-8456 --to pr-8456:assign_only_positive_dataloader_len=off");
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_FALSE(testing::output_has(run, "\ncauses introduced: 0\n")) << run.out;
  EXPECT_TRUE(testing::output_has(run, "\ncauses introduced: ")) << run.out;
}

}  // namespace
}  // namespace zfcheck
