// Tests of interval resolution on the engine and optimizer copies (reference/setup), rule by rule.
#include "reference/setup.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

struct Outcome {
  tl::expected<SetupResult, Error> result;
  std::vector<SetupWarning> warnings;
};

Outcome setup(std::string_view block, std::string_view profile_name, std::optional<std::int64_t> dataloader = {},
              int stage = 2, std::optional<bool> overlap_comm = {}) {
  const Switches sw = testing::profile(profile_name).switches;
  auto cfg = validate_zenflow(testing::json(block), sw);
  EXPECT_TRUE(cfg && cfg->has_value()) << block;
  Outcome o{tl::unexpected(Error{}), {}};
  o.result = run_setup(**cfg, Environment{dataloader, stage, overlap_comm}, sw, o.warnings);
  return o;
}

TEST(Setup, AutoWithIntegerIntervalRaisesWarningBeforeThePr) {
  for (std::string_view p : {"deepspeed-edaa722", "deepspeed-8274"}) {
    Outcome o = setup(R"({"select_interval":5})", p);
    ASSERT_FALSE(o.result.has_value()) << p;
    EXPECT_EQ(o.result.error().type, "Warning");
  }
}

TEST(Setup, AutoWithIntegerIntervalIsLoggedAndUsesOneEpochInThePr) {
  for (std::string_view p : {"pr-8456-4ffc94ea", "pr-8456"}) {
    Outcome o = setup(R"({"select_interval":5})", p, 10);
    ASSERT_TRUE(o.result.has_value()) << p;
    EXPECT_EQ(o.result->resolved.select_interval, 10);
    ASSERT_FALSE(o.warnings.empty());
    EXPECT_EQ(o.warnings.front(), SetupWarning::auto_overrides_integer_select_interval);
  }
}

TEST(Setup, StepOrEpochWithAutoIntervalIsAValueError) {
  Outcome o = setup(R"({"select_strategy":"step"})", "pr-8456");
  ASSERT_FALSE(o.result.has_value());
  EXPECT_EQ(o.result.error().type, "ValueError");
  EXPECT_EQ(o.result.error().message, "If don't use auto select strategy, select_interval must be a number.");
}

TEST(Setup, MasterEngineIgnoresUserStepsPerEpochWhileTheOptimizerUsesIt) {
  Outcome o = setup(R"({"steps_per_epoch":10})", "deepspeed-edaa722");
  ASSERT_TRUE(o.result.has_value());
  EXPECT_EQ(o.result->engine.select_interval, 0);
  EXPECT_EQ(o.result->resolved.select_interval, 10);
}

TEST(Setup, PrEngineReadsUserStepsPerEpoch) {
  Outcome o = setup(R"({"steps_per_epoch":10})", "pr-8456");
  ASSERT_TRUE(o.result.has_value());
  EXPECT_EQ(o.result->engine.select_interval, 10);
  EXPECT_EQ(o.result->resolved.select_interval, 10);
}

TEST(Setup, DataloaderLengthWinsOverUserStepsPerEpoch) {
  for (std::string_view p : {"deepspeed-edaa722", "pr-8456-4ffc94ea", "pr-8456"}) {
    Outcome o = setup(R"({"steps_per_epoch":7,"select_strategy":"epoch","select_interval":2})", p, 3);
    ASSERT_TRUE(o.result.has_value()) << p;
    EXPECT_EQ(o.result->resolved.select_interval, 6) << p;
    EXPECT_EQ(o.result->resolved.steps_per_epoch, py::Int(3)) << p;
  }
}

TEST(Setup, EmptyDataloaderIsAssignedBeforeTheFinalPr) {
  Outcome first = setup(R"({"steps_per_epoch":7})", "pr-8456-4ffc94ea", 0);
  ASSERT_TRUE(first.result.has_value());
  EXPECT_EQ(first.result->resolved.select_interval, 0);
  EXPECT_EQ(first.result->resolved.steps_per_epoch, py::Int(0));
  EXPECT_TRUE(first.warnings.empty());
  Outcome final_pr = setup(R"({"steps_per_epoch":7})", "pr-8456", 0);
  ASSERT_TRUE(final_pr.result.has_value());
  EXPECT_EQ(final_pr.result->resolved.select_interval, 7);
  Outcome no_length = setup("{}", "pr-8456", 0);
  ASSERT_TRUE(no_length.result.has_value());
  EXPECT_EQ(no_length.result->resolved.select_interval, 0);
  EXPECT_FALSE(no_length.warnings.empty());
}

TEST(Setup, AssigningAnEmptyDataloaderUnderTheValidatorIsAValidationErrorOnAssignment) {
  // The intermediate state the PR author hit: validator on, assignment of 0 not yet guarded.
  Outcome o = setup("{}", "pr-8456:assign_only_positive_dataloader_len=off", 0);
  ASSERT_FALSE(o.result.has_value());
  EXPECT_EQ(o.result.error().type, "ValidationError");
  EXPECT_EQ(o.result.error().message, "Value error, If steps_per_epoch is set, it must be at least 1");
}

TEST(Setup, NegativeStepsPerEpochBelowANumericUpdateIntervalRaisesInTheOptimizer) {
  Outcome o = setup(R"({"steps_per_epoch":-5,"update_interval":4})", "deepspeed-8274");
  ASSERT_FALSE(o.result.has_value());
  EXPECT_EQ(o.result.error().type, "ValueError");
  EXPECT_EQ(o.result.error().message, "Select interval must be greater or equal to update interval");
}

TEST(Setup, ShortDataloaderBelowUpdateIntervalRaises) {
  Outcome o = setup(R"({"update_interval":4})", "pr-8456", 3);
  ASSERT_FALSE(o.result.has_value());
  EXPECT_EQ(o.result.error().type, "ValueError");
  EXPECT_TRUE(setup(R"({"update_interval":4})", "pr-8456").result.has_value());
}

TEST(Setup, ZeroOrNegativeStepIntervalSkipsTheUpdateCheck) {
  EXPECT_EQ(setup(R"({"select_strategy":"step","select_interval":0,"update_interval":4})", "pr-8456")
                .result->resolved.select_interval,
            0);
  Outcome negative = setup(R"({"select_strategy":"step","select_interval":-5,"update_interval":4})", "pr-8456");
  EXPECT_FALSE(negative.result.has_value());
  EXPECT_EQ(setup(R"({"select_strategy":"step","select_interval":-5})", "pr-8456").result->resolved.select_interval,
            -5);
}

TEST(Setup, AutoUpdateResolvesToZero) {
  Outcome o = setup("{}", "deepspeed-edaa722", 10);
  ASSERT_TRUE(o.result.has_value());
  EXPECT_TRUE(o.result->resolved.auto_update);
  EXPECT_EQ(o.result->resolved.update_interval, 0);
  EXPECT_TRUE(o.result->engine.auto_update);
}

TEST(Setup, OffloadNeedsOverlapCommWhichOnlyStage3EnablesByDefault) {
  for (int stage : {1, 2}) {
    Outcome o = setup(R"({"offload":true})", "pr-8456", std::nullopt, stage);
    ASSERT_FALSE(o.result.has_value());
    EXPECT_EQ(o.result.error().type, "AssertionError");
  }
  EXPECT_TRUE(setup(R"({"offload":true})", "pr-8456", std::nullopt, 3).result.has_value());
}

TEST(Setup, AnExplicitOverlapCommDecidesTheOffloadAssertionAtEveryStage) {
  for (int stage : {1, 2, 3}) {
    EXPECT_TRUE(setup(R"({"offload":true})", "pr-8456", std::nullopt, stage, true).result.has_value()) << stage;
    Outcome off = setup(R"({"offload":true})", "pr-8456", std::nullopt, stage, false);
    ASSERT_FALSE(off.result.has_value()) << stage;
    EXPECT_EQ(off.result.error().type, "AssertionError");
    EXPECT_TRUE(setup(R"({"offload":false})", "pr-8456", std::nullopt, stage, false).result.has_value()) << stage;
  }
}

TEST(Setup, EngineErrorsWinOverTheOptimizerAssertion) {
  Outcome o = setup(R"({"offload":true,"select_interval":3})", "deepspeed-edaa722");
  EXPECT_EQ(o.result.error().type, "Warning");
}

TEST(Setup, HugeIntervalsStayExact) {
  Outcome o = setup(R"({"select_strategy":"epoch","select_interval":1180591620717411303424})", "pr-8456",
                    1180591620717411303);
  ASSERT_TRUE(o.result.has_value());
  EXPECT_EQ(o.result->resolved.select_interval, (py::Int(1) << 70) * py::Int(1180591620717411303));
}

}  // namespace
}  // namespace zfcheck
