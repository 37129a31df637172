// One-line result summaries.
#include "harness/checks/result_summary.hpp"
#include "test_support.hpp"

namespace zfcheck {
namespace {

using testing::eval;

TEST(ResultSummary, saysWhatTheScheduleIs) {
  EXPECT_EQ(
      summarize(eval("deepspeed-8274", R"({"zenflow":{"steps_per_epoch":-5}})"), 40),
      "epoch strategy, select_interval -5 (engine 0), update_interval auto, warm-up 0: 8 selections in 40 "
      "micro-steps [0, 5, 10, 15, 20, 25, 30, 35]; no warning");
  EXPECT_EQ(
      summarize(eval("pr-8456",
                     R"({"zenflow":{"select_strategy":"step","select_interval":1,"update_interval":1}})"),
                40),
      "step strategy, select_interval 1 (engine 1), update_interval 1, warm-up 0: 40 selections in 40 "
      "micro-steps "
      "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ...]; no warning");
}

TEST(ResultSummary, countsARepeatedWarningOnce) {
  EXPECT_EQ(
      summarize(eval("pr-8456", R"({"zenflow":{"select_interval":2}})"), 40),
      "epoch strategy, select_interval 0 (engine 0), update_interval auto, warm-up 0: 1 selection in 40 "
      "micro-steps [0]; warned: auto-overrides-integer-select_interval x2, select-interval-never-repeats x2");
}

TEST(ResultSummary, namesErrorsAndZenFlowOff) {
  EXPECT_EQ(summarize(eval("pr-8456", R"({"zenflow":{"topk_ratio":2}})"), 40),
            "config_error ValidationError (topk_ratio): Input should be less than 1");
  EXPECT_EQ(summarize(eval("pr-8456", R"({"zenflow":null})"), 40), "ZenFlow off");
  EXPECT_EQ(outcome_label(eval("pr-8456", R"({"zenflow":null})")), "ZenFlow off");
  EXPECT_EQ(outcome_label(eval("deepspeed-8274", R"({"zenflow":{"select_interval":2}})")),
            "init_error (Warning)");
  EXPECT_EQ(outcome_label(eval("pr-8456", R"({"zenflow":{}})")), "ok");
}

}  // namespace
}  // namespace zfcheck
