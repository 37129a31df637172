// Tests of the explanation (harness/checks/explanation): sentences, timeline, pasteable block, JSON.
#include "harness/explain/explanation.hpp"

#include "reference/py_json.hpp"
#include "test_support.hpp"
#include "text_has.hpp"

namespace zfcheck {
namespace {

FixCandidates pool() {
  FixCandidates out;
  out.field_values = [](std::string_view field) -> std::vector<py::Value> {
    if (field == "select_strategy") return {"auto", "step"};
    if (field == "select_interval") return {"auto", 1, 4, 10};
    return {};
  };
  out.dataloader_lens = {1, 10};
  return out;
}

constexpr std::string_view kTutorialOverTwelveSteps =
    R"({"zenflow":{"topk_ratio":0.05,"select_strategy":"auto","select_interval":"auto","update_interval":4,)"
    R"("full_warm_up_rounds":0,"overlap_step":true},"micro_steps":12})";

std::string text_under(std::string_view profile, std::string_view case_json) {
  return render_explanation(explain(testing::case_of(case_json), ModelEngine(testing::profile(profile)), pool()),
                            TableFormat::text, TerminalStyle(false));
}

using testing::has;

TEST(Explanation, TheTutorialOnMasterSelectsOnceSilentlyAndGetsTheFix) {
  std::string t = text_under("deepspeed-edaa722", kTutorialOverTwelveSteps);
  EXPECT_TRUE(has(t, "ZenFlow is on.")) << t;
  EXPECT_TRUE(has(t, "\"auto\" means the epoch strategy")) << t;
  EXPECT_TRUE(has(t, "1 selection, at micro-step 0. Nothing is re-selected after that")) << t;
  EXPECT_TRUE(has(t, "None: the single selection happens silently.")) << t;
  EXPECT_TRUE(has(t, "reselects-or-warns: Columns are selected once and never re-selected")) << t;
  EXPECT_TRUE(has(t, "Pass training_data= to deepspeed.initialize() with a non-empty dataloader (checked with len() 10")) << t;
  EXPECT_TRUE(has(t, "\"select_strategy\": \"step\",")) << t;
}

TEST(Explanation, TheTutorialUnderThePrWarnsYetStillSaysNothingIsReselected) {
  std::string t = text_under("pr-8456", kTutorialOverTwelveSteps);
  EXPECT_TRUE(has(t, "Nothing is re-selected after that")) << t;
  EXPECT_TRUE(has(t, "ZenFlow will select its important columns once and never re-select them")) << t;
  EXPECT_TRUE(has(t, "Invariants broken:\n  None.")) << t;
  EXPECT_FALSE(has(t, "Smallest fixes")) << t;
}

TEST(Explanation, BatchValuesThatAreNotIntsSayWhy) {
  const std::string kept =
      text_under("deepspeed-edaa722",
                 R"({"deepspeed_config":{"train_batch_size":true,"zero_optimization":{"stage":0}}})");
  EXPECT_TRUE(has(kept,
                  "train_batch_size True, train_micro_batch_size_per_gpu 1, gradient_accumulation_steps 1: "
                  "DeepSpeed checks none of their types: a bool given is kept as it is"))
      << kept;
  EXPECT_FALSE(has(kept, "sequence_parallel_size")) << kept;
  const std::string divided = text_under(
      "deepspeed-edaa722",
      R"({"deepspeed_config":{"train_batch_size":8,"sequence_parallel_size":2,"zero_optimization":{"stage":0}}})");
  EXPECT_TRUE(has(divided, "the world size divided by sequence_parallel_size is a float")) << divided;
}

TEST(Explanation, ErrorsSayWhereTheyComeFrom) {
  EXPECT_TRUE(has(text_under("pr-8456", R"({"zenflow":{"steps_per_epoch":0}})"), "at config validation"));
  EXPECT_TRUE(has(text_under("pr-8456", R"({"zenflow":{"offload":true}})"), "deepspeed.initialize() raises AssertionError"));
  EXPECT_TRUE(has(text_under("pr-8456", R"({"zenflow":null})"), "ZenFlow is off: zero_optimization.zenflow is absent or null."));
}

TEST(Explanation, TimelineMarksSelectionsAndFixedUpdates) {
  Result r = testing::eval("pr-8456", R"({"zenflow":{"select_strategy":"step","select_interval":10,"update_interval":3}})");
  auto rows = timeline(r, 12, 80);
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0], "micro-step 0" + std::string(9, ' ') + "10");
  EXPECT_EQ(rows[1], "select     S.........S.");
  EXPECT_EQ(rows[2], "update     ..U..U..UU.U");
  EXPECT_EQ(timeline(r, 100, 20).back(), "(the first 20 of 100 micro-steps)");
  Result auto_update = testing::eval("pr-8456", R"({"zenflow":{},"dataloader_len":10})");
  EXPECT_EQ(timeline(auto_update, 5, 80).size(), 2u);  // no update row: updates are decided at run time
}

TEST(Explanation, PasteableBlockIsTheConfigsOwnJson) {
  std::string block = pasteable_block(*py::parse_json(R"({"a":1,"b":"step"})"), "  ");
  EXPECT_EQ(block, "  \"zenflow\": {\n    \"a\": 1,\n    \"b\": \"step\"\n  }");
  EXPECT_TRUE(py::parse_json("{" + block + "}").has_value());
}

TEST(Explanation, JsonHasTheDocumentedKeys) {
  Explanation e = explain(testing::case_of(kTutorialOverTwelveSteps), ModelEngine(testing::profile("deepspeed-edaa722")), pool());
  auto v = py::parse_json(explanation_json(e));
  ASSERT_TRUE(v.has_value());
  std::vector<std::string> keys;
  for (const auto& [k, value] : v->as<py::Dict>()->entries()) keys.push_back(k.text);
  EXPECT_EQ(keys, (std::vector<std::string>{"engine", "case", "result", "violations", "fixes"}));
  EXPECT_EQ(py::to_json(*v->as<py::Dict>()->find("violations")), R"(["reselects-or-warns"])");
  const py::List& fixes = *v->as<py::Dict>()->find("fixes")->as<py::List>();
  ASSERT_EQ(fixes.size(), 2u);
  EXPECT_EQ(py::to_json(*fixes[0].as<py::Dict>()->find("invariants")), R"(["reselects-or-warns"])");
}

}  // namespace
}  // namespace zfcheck
