// The kinds of change between two revisions' top-k answers, and their counts and shortest problems.
#include "harness/reports/topk_changes.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

using ojson = nlohmann::ordered_json;

// Upstream's answer to a stage-1 problem: a bias, then a (2, 3) weight over one rank (selecting `selected`).
ojson stage1(const ojson& selected) {
  return ojson::parse(R"({"id":"p","params":[{"chunks":[],"selected":[],"skipped":true},
    {"chunks":[{"rank":0,"offset":0,"numel":6,"start_column":0,"end_column":3,"num_select":1,"indices":)" +
                      selected.dump() + R"(}],"selected":)" + selected.dump() +
                      R"(,"dtype":"int32"}],"outcome":[{"rank":0,"ok":true}],"torch":"2.5.0"})");
}

// A stage-3 answer over two ranks, rank 1's selection empty with dtype `empty_dtype`.
ojson stage3(const char* empty_dtype) {
  return ojson::parse(std::string(R"({"params":[{"selected":[0],"ranks":[
    {"rank":0,"start_column":0,"local_indices":[0],"dtype":"int64"},
    {"rank":1,"start_column":2,"local_indices":[],"dtype":")") +
                      empty_dtype + R"("}]}],"outcome":[{"rank":0,"ok":true},{"rank":1,"ok":true}]})");
}

using Kinds = std::vector<std::string_view>;

TEST(TopkChanges, eachKindIsReadOffItsOwnPart) {
  EXPECT_EQ(topk_change_kinds(stage1({1}), stage1({1})), Kinds{});
  EXPECT_EQ(topk_change_kinds(stage1({1}), stage1({0})), Kinds{"selection"});
  EXPECT_EQ(topk_change_kinds(stage3("float32"), stage3("int64")), Kinds{"index dtype"});

  ojson wider = stage1({1});
  wider["params"][1]["chunks"][0]["numel"] = 8;
  EXPECT_EQ(topk_change_kinds(stage1({1}), wider), Kinds{"geometry"});

  // A rank that raises at head: its parameter's error and its end; the selection of a parameter answered on
  // one side only is not compared.
  ojson raised = stage1({1});
  raised["params"][1] = {{"error", {{"type", "RuntimeError"}, {"message", "narrow"}}}};
  raised["outcome"][0] = {{"rank", 0},
                          {"raised", {{"type", "RuntimeError"}, {"message", "narrow"}, {"param", 1}}}};
  EXPECT_EQ(topk_change_kinds(stage1({1}), raised), (Kinds{"error", "rank outcome"}));

  // The same raise in other words is an error change, not a rank outcome change.
  ojson reworded = raised;
  reworded["params"][1]["error"]["message"] = "narrow(): length must be non-negative";
  reworded["outcome"][0]["raised"]["message"] = "narrow(): length must be non-negative";
  EXPECT_EQ(topk_change_kinds(raised, reworded), Kinds{"error"});

  ojson not_run = {{"id", "p"},
                   {"error", {{"type", "RunnerError"}, {"message", "engine_stage3.py is absent"}}}};
  EXPECT_EQ(topk_change_kinds(not_run, stage1({1})), Kinds{"runner"});
  EXPECT_EQ(topk_change_kinds(not_run, not_run), Kinds{});
}

TEST(TopkChanges, countsProblemsPerKindKeepingTheShortest) {
  TopkChanges changes;
  changes.add("a longer problem line", stage3("float32"), stage3("int64"), std::nullopt);
  changes.add("short", stage1({1}), stage1({1}), std::nullopt);
  changes.add("a problem line", stage1({1}), stage1({2}), std::nullopt);
  changes.add("shorter", stage3("float32"), stage3("int64"), std::nullopt);
  EXPECT_EQ(changes.problems, 4u);
  EXPECT_EQ(changes.changed, 3u);
  ASSERT_EQ(changes.kinds.size(), 2u);
  EXPECT_EQ(changes.kinds[0].kind, "selection");  // kTopkChangeKinds order, whatever came first
  EXPECT_EQ(changes.kinds[0].problems, 1u);
  EXPECT_EQ(changes.kinds[1].kind, "index dtype");
  EXPECT_EQ(changes.kinds[1].problems, 2u);
  EXPECT_EQ(changes.kinds[1].line, "shorter");
  EXPECT_EQ(changes.kinds[1].head, stage3("int64"));
  EXPECT_EQ(changes.judged, 0u);
  EXPECT_TRUE(changes.invariants.empty());
}

TEST(TopkChanges, invariantsBrokenOnOneSideAreIntroducedOrFixedIntroducedFirst) {
  TopkChanges changes;
  using Names = std::vector<std::string>;
  changes.add("a long problem", stage1({0}), stage1({1}),
              TopkJudgement{Names{"topk-scores-own-columns"}, Names{"topk-no-rank-blocks"}});
  changes.add("short", stage1({0}), stage1({1}),
              TopkJudgement{Names{"topk-scores-own-columns", "topk-selects-something"},
                            Names{"topk-selects-something", "topk-no-rank-blocks"}});
  changes.add("unjudged", stage1({0}), stage1({1}), std::nullopt);
  changes.add("a", stage3("int64"), stage3("float32"),
              TopkJudgement{Names{}, Names{"topk-indices-are-integers"}});
  EXPECT_EQ(changes.problems, 4u);
  EXPECT_EQ(changes.judged, 3u);
  ASSERT_EQ(changes.invariants.size(), 3u);
  EXPECT_EQ(changes.invariants[0].invariant, "topk-indices-are-integers");
  EXPECT_EQ(changes.invariants[0].status, "introduced");
  EXPECT_EQ(changes.invariants[0].head, stage3("float32"));
  EXPECT_EQ(changes.invariants[1].invariant, "topk-no-rank-blocks");
  EXPECT_EQ(changes.invariants[1].problems, 2u);
  EXPECT_EQ(changes.invariants[1].line, "short");
  EXPECT_EQ(changes.invariants[2].invariant, "topk-scores-own-columns");
  EXPECT_EQ(changes.invariants[2].status, "fixed");
  EXPECT_EQ(changes.with_status("fixed").size(), 1u);
  EXPECT_EQ(changes.with_status("introduced").size(), 2u);
}

}  // namespace
}  // namespace zfcheck
