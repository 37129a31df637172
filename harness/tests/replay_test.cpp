// Replay of one seed: clean when the model agrees, one mismatch per changed field and profile otherwise.
#include "harness/corpus/replay.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

ReviewedCase seed_of(std::string_view case_json) {
  return seed_with_expectations("t", ReviewedCaseSource{"x", std::nullopt, std::nullopt, "q"}, std::nullopt,
                                testing::case_of(case_json), builtin_profiles());
}

TEST(Replay, aSeedWrittenTodayReplaysClean) {
  EXPECT_TRUE(replay_reviewed_case(seed_of(R"({"zenflow":{"steps_per_epoch":-5}})")).empty());
}

TEST(Replay, reportsTheProfileTheFieldAndBothValues) {
  ReviewedCase seed = seed_of(R"({"zenflow":{"steps_per_epoch":-5}})");
  seed.expect[3].expect.outcome = "ok";  // pr-8456 rejects -5
  seed.expect[0].expect.select_interval = py::Int(5);
  auto mismatches = replay_reviewed_case(seed);
  ASSERT_EQ(mismatches.size(), 2u);
  EXPECT_EQ(mismatches[0].profile, "deepspeed-edaa722");
  EXPECT_EQ(mismatches[0].difference.field, "select_interval");
  EXPECT_EQ(mismatches[0].difference.expected, "5");
  EXPECT_EQ(mismatches[0].difference.actual, "-5");
  EXPECT_EQ(mismatches[1].profile, "pr-8456");
  EXPECT_EQ(mismatches[1].difference.field, "outcome");
  EXPECT_EQ(mismatches[1].difference.expected, "\"ok\"");
  EXPECT_EQ(mismatches[1].difference.actual, "\"config_error\"");
}

TEST(Replay, evaluatesUnderTheSwitchOverridesTheSeedNames) {
  ReviewedCase seed = seed_with_expectations("t", ReviewedCaseSource{"x", std::nullopt, std::nullopt, "q"}, std::nullopt,
                                     testing::case_of(R"({"zenflow":{},"dataloader_len":0})"),
                                     {testing::profile("pr-8456:assign_only_positive_dataloader_len=off")});
  EXPECT_EQ(seed.expect[0].expect.outcome, "init_error");
  EXPECT_EQ(seed.expect[0].expect.error_type, "ValidationError");
  EXPECT_TRUE(replay_reviewed_case(seed).empty());
}

}  // namespace
}  // namespace zfcheck
