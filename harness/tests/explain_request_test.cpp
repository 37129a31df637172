// Tests of explain's front door (harness/explain/explain_request): a request in, what the command prints
// out, in the order the command runs it.
#include "harness/explain/explain_request.hpp"

#include "reference/py_json.hpp"
#include "scratch_dir.hpp"
#include "test_support.hpp"

namespace zfcheck {
namespace {

const std::string kTutorialConfig =
    R"({"train_batch_size": 8, "zero_optimization": {"stage": 2, "offload_optimizer": {"device": "cpu"},)"
    R"( "zenflow": {"topk_ratio": 0.05, "update_interval": 4}}})";

ExplainRequest request_for(const std::string& path, const std::vector<const Engine*>& engines) {
  ExplainRequest r;
  r.config = path;
  r.engines = engines;
  return r;
}

TEST(ExplainRequest, OneExplanationPerEngineAndTheStatusOfTheWorst) {
  ModelEngine master(testing::profile("deepspeed-edaa722"));
  ModelEngine fixed(testing::profile("pr-8456"));
  const std::string path = testing::write_temp("explain_request_tutorial.json", kTutorialConfig);
  auto report = explain_request(request_for(path, {&master, &fixed}));
  ASSERT_TRUE(report) << report.error();
  EXPECT_EQ(report->source, path);
  ASSERT_EQ(report->explanations.size(), 2u);
  EXPECT_EQ(report->explanations[0].engine, "deepspeed-edaa722");
  EXPECT_EQ(report->explanations[1].engine, "pr-8456");
  // Master selects once (no epoch length) and overwrites gradient_accumulation_steps: a finding.
  EXPECT_FALSE(report->explanations[0].violations.empty());
  EXPECT_FALSE(report->explanations[0].fixes.empty());
  EXPECT_EQ(report->status, 1);
  EXPECT_EQ(report->c.world_size, 1);
}

TEST(ExplainRequest, OverridesAndTheCallShapeReachTheCase) {
  ModelEngine master(testing::profile("deepspeed-edaa722"));
  ExplainRequest r = request_for(testing::write_temp("explain_request_set.json", kTutorialConfig), {&master});
  r.sets = {"train_batch_size=16"};
  r.call = CallShape{10, 24, 2};
  auto report = explain_request(r);
  ASSERT_TRUE(report) << report.error();
  EXPECT_EQ(report->c.dataloader_len, 10);
  EXPECT_EQ(report->c.micro_steps, 24);
  EXPECT_EQ(report->c.world_size, 2);
  EXPECT_EQ(py::to_json(*report->c.deepspeed_config->as<py::Dict>()->find("train_batch_size")), "16");
}

TEST(ExplainRequest, UnusableInputIsTheMessageToPrint) {
  ModelEngine master(testing::profile("deepspeed-edaa722"));
  ExplainRequest bad_set =
      request_for(testing::write_temp("explain_request_bad.json", kTutorialConfig), {&master});
  bad_set.sets = {"train_batch_size"};
  auto report = explain_request(bad_set);
  ASSERT_FALSE(report);
  EXPECT_NE(report.error().find("train_batch_size"), std::string::npos) << report.error();
  EXPECT_FALSE(explain_request(request_for("/nonexistent/ds_config.json", {&master})));
  EXPECT_FALSE(
      explain_request(request_for(testing::write_temp("explain_request_list.json", "[1]"), {&master})));
}

TEST(ExplainRequest, AFileDeepSpeedRefusesIsAFindingWithNoExplanation) {
  ModelEngine master(testing::profile("deepspeed-edaa722"));
  auto report = explain_request(
      request_for(testing::write_temp("explain_request_dup.json",
                                      R"({"zero_optimization": {}, "zero_optimization": {}})"),
                  {&master}));
  ASSERT_TRUE(report) << report.error();
  ASSERT_TRUE(report->read.rejected);
  EXPECT_TRUE(report->explanations.empty());
  EXPECT_EQ(report->status, 1);
}

}  // namespace
}  // namespace zfcheck
