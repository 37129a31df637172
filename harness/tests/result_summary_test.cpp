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

Result unmodelled(std::string type, std::string message) {
  Result r;
  r.outcome = Outcome::unmodelled;
  r.error = Error{std::move(type), std::nullopt, std::move(message)};
  return r;
}

TEST(ResultSummary, aRunnersFailureIsNotAnAnswer) {
  EXPECT_EQ(
      runner_failure(unmodelled("RunnerStandIn", "zfcheck's runner has only a stand-in for EngineStub")),
      "RunnerStandIn: zfcheck's runner has only a stand-in for EngineStub");
  EXPECT_EQ(runner_failure(unmodelled("RunnerError", "could not read")), "RunnerError: could not read");
  // A revision without a file, a value the format cannot hold and the model declining are answers about the
  // revision, the format and the model.
  EXPECT_EQ(runner_failure(unmodelled("MissingFile", "this revision has no engine_stage3.py")), std::nullopt);
  EXPECT_EQ(runner_failure(unmodelled("UnrepresentableResult", "a set")), std::nullopt);
  EXPECT_EQ(runner_failure(eval("pr-8456", R"({"zenflow":{}})")), std::nullopt);
  Result raised = unmodelled("RunnerStandIn", "x");
  raised.outcome = Outcome::init_error;
  EXPECT_EQ(runner_failure(raised), std::nullopt);
}

TEST(ResultSummary, notEvaluatedCasesAreCountedByReasonMostFirst) {
  NotEvaluated none;
  EXPECT_EQ(none.summary(), "");
  NotEvaluated n;
  for (const char* reason : {"a", "b", "b", "c", "b", "c", "d"}) n.add(reason);
  EXPECT_EQ(n.count, 7u);
  EXPECT_EQ(n.reasons,
            (std::vector<std::pair<std::string, std::uint64_t>>{{"b", 3}, {"c", 2}, {"a", 1}, {"d", 1}}));
  EXPECT_EQ(n.summary(2),
            "7 cases not evaluated (the runner could not answer them: b (3 cases); c (2 cases); 2 more "
            "reasons)");
  NotEvaluated one;
  one.add("a");
  EXPECT_EQ(one.summary(), "1 case not evaluated (the runner could not answer them: a (1 case))");
  EXPECT_EQ(py::to_json(one.to_value()), R"({"count":1,"reasons":[{"reason":"a","count":1}]})");
}

}  // namespace
}  // namespace zfcheck
