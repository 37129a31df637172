// evaluate(): errors, disabled ZenFlow, the horizon and the id (the PR #8456 thread's table is pinned in
// harness/tests/resolution_table_test.cpp, beside the code that prints it).
#include "reference/evaluate.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

TEST(Evaluate, ConfigErrorsOfTheFinalPrAreValidationErrors) {
  Result r = evaluate(testing::make_case(R"({"steps_per_epoch":0})"), testing::profile("pr-8456"));
  ASSERT_TRUE(r.error.has_value());
  EXPECT_EQ(r.error->type, "ValidationError");
  EXPECT_FALSE(r.config.has_value());
  EXPECT_TRUE(r.selections.empty());
}

TEST(Evaluate, DisabledZenflowIsOkWithNothingResolved) {
  for (std::string_view block : {"null", R"("auto")"}) {
    Result r = evaluate(testing::make_case(block), testing::profile("pr-8456"));
    EXPECT_EQ(r.outcome, Outcome::ok);
    EXPECT_FALSE(r.zenflow_enabled);
    EXPECT_FALSE(r.config.has_value());
    EXPECT_FALSE(r.resolved.has_value());
    EXPECT_TRUE(r.selections.empty());
  }
}

TEST(Evaluate, InitErrorsKeepTheValidatedConfigAndTheWarningsLoggedSoFar) {
  Result r = evaluate(testing::make_case(R"({"select_interval":5,"update_interval":4})", 3), testing::profile("pr-8456"));
  EXPECT_EQ(r.outcome, Outcome::init_error);
  EXPECT_TRUE(r.config.has_value());
  EXPECT_FALSE(r.resolved.has_value());
  EXPECT_EQ(r.warnings.size(), 1u);
}

TEST(Evaluate, SelectionsRespectTheHorizon) {
  Result r = evaluate(testing::make_case(R"({"select_strategy":"step","select_interval":1})", std::nullopt, 3, 5),
                      testing::profile("deepspeed-edaa722"));
  EXPECT_EQ(r.selections, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  EXPECT_EQ(r.profile, "deepspeed-edaa722");
}

TEST(Evaluate, IdIsEchoed) {
  Case c = testing::make_case("{}");
  c.id = py::Str{"x"};
  EXPECT_EQ(evaluate(c, testing::profile("pr-8456")).id, py::Str{"x"});
}

}  // namespace
}  // namespace zfcheck

namespace zfcheck {
namespace {

// A whole-config case, evaluated under the newest profile that models upstream master.
Result whole(std::string_view config, std::optional<std::int64_t> dataloader = std::nullopt) {
  Case c;
  c.deepspeed_config = testing::json(config);
  c.dataloader_len = dataloader;
  return evaluate(c, testing::profile("deepspeed-edaa722"));
}

std::string outcome_text(const Result& r) {
  return std::string(outcome_name(r.outcome)) + (r.error ? " " + r.error->type + ": " + r.error->message : "");
}

TEST(EvaluateWholeConfig, StagesOneAndTwoNeedAnOffloadDeviceOtherThanNone) {
  for (std::string_view stage : {"1", "2"}) {
    std::string zero = R"({"train_batch_size":8,"zero_optimization":{"stage":)" + std::string(stage);
    EXPECT_EQ(outcome_text(whole(zero + R"(,"zenflow":{}}})")),
              "init_error ValueError: Zenflow must be used with cpu offload");
    EXPECT_EQ(outcome_text(whole(zero + R"(,"offload_optimizer":{"device":"none"},"zenflow":{}}})")),
              "init_error ValueError: Zenflow must be used with cpu offload");
    EXPECT_EQ(outcome_text(whole(zero + R"(,"offload_optimizer":{"device":"nvme"},"zenflow":{}}})")), "ok");
    EXPECT_EQ(outcome_text(whole(zero + R"(,"offload_optimizer":{"device":"cpu"},"zenflow":{}}})")), "ok");
  }
  EXPECT_EQ(outcome_text(whole(R"({"train_batch_size":8,"zero_optimization":{"stage":3,"zenflow":{}}})")), "ok");
}

TEST(EvaluateWholeConfig, StageZeroWithZenFlowFailsAtTheFirstStep) {
  for (std::string_view zero : {R"({"zenflow":{}})", R"({"stage":0,"zenflow":{}})"}) {
    Result r = whole(R"({"train_batch_size":8,"zero_optimization":)" + std::string(zero) + "}");
    EXPECT_EQ(r.outcome, Outcome::step_error) << zero;
    ASSERT_TRUE(r.error);
    EXPECT_EQ(r.error->type, "AttributeError");
    EXPECT_TRUE(r.zenflow_enabled);
  }
}

TEST(EvaluateWholeConfig, TheEngineOverwritesGradientAccumulationSteps) {
  Result r = whole(R"({"train_batch_size":64,"train_micro_batch_size_per_gpu":8,"zero_optimization":{"stage":2,)"
                   R"("offload_optimizer":{"device":"cpu"},"zenflow":{"select_strategy":"step","select_interval":8,)"
                   R"("update_interval":4}}})");
  ASSERT_EQ(r.outcome, Outcome::ok);
  ASSERT_TRUE(r.deepspeed);
  EXPECT_EQ(r.deepspeed->batch.gradient_accumulation_steps, py::Number(py::Int(4)));  // 64 / 8 = 8 before set-up
  EXPECT_EQ(r.deepspeed->batch.train_batch_size, py::Number(py::Int(64)));
  Result automatic = whole(R"({"train_batch_size":8,"gradient_accumulation_steps":8,"train_micro_batch_size_per_gpu":1,)"
                           R"("zero_optimization":{"stage":3,"zenflow":{}}})");
  ASSERT_TRUE(automatic.deepspeed);
  EXPECT_EQ(automatic.deepspeed->batch.gradient_accumulation_steps, py::Number(py::Int(0)));
}

TEST(EvaluateWholeConfig, ABlockOutsideZeroOptimizationLeavesZenFlowOff) {
  Result r = whole(R"({"train_batch_size":8,"zenflow":{},"zero_optimization":{"stage":2}})");
  EXPECT_EQ(r.outcome, Outcome::ok);
  EXPECT_FALSE(r.zenflow_enabled);
  ASSERT_TRUE(r.deepspeed);
  EXPECT_EQ(r.deepspeed->batch.gradient_accumulation_steps, py::Number(py::Int(1)));
}

TEST(EvaluateWholeConfig, DeepSpeedConfigErrorsAreConfigErrorsWithoutTheView) {
  Result r = whole(R"({"zero_optimization":{"zenflow":{}}})");
  EXPECT_EQ(outcome_text(r),
            "config_error AssertionError: Either train_batch_size or train_micro_batch_size_per_gpu needs to be provided");
  EXPECT_TRUE(r.whole_config);
  EXPECT_FALSE(r.deepspeed);
}

}  // namespace
}  // namespace zfcheck
