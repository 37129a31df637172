// The review comment: the verdict and a summary first, details by importance, "still broken" collapsed,
// the resolution table once when both sides agree, where the cases of a count went, replay commands for
// anyone's clone, the pull request in the title, and the JSON's added keys.
#include "harness/reports/engine_review.hpp"

#include "harness/checks/invariants.hpp"
#include "reference/py_json.hpp"
#include "test_support.hpp"

namespace zfcheck {
namespace {

using testing::case_of;

InvariantChange change(std::string invariant, std::string status, std::uint64_t base, std::uint64_t head) {
  InvariantChange c;
  c.invariant = std::move(invariant);
  c.status = std::move(status);
  c.base_count = base;
  c.head_count = head;
  c.example = case_of(R"({"zenflow":{"steps_per_epoch":0}})");
  return c;
}

// A review with one of each: introduced, fixed, still broken (whose cases partly became config_error), an
// unreached changed line and a behaviour change.
Review handmade() {
  Review r;
  r.base = "upstream@edaa72212";
  r.head = "upstream@2f74e7e1c";
  r.table = "| the table |\n";
  r.introduced = true;
  r.invariants.push_back(change("still-one", "still broken", 39834, 28678));
  r.invariants.back().left = {{"config_error", 11156}};
  r.invariants.push_back(change("introduced-one", "introduced", 0, 7));
  r.invariants.push_back(change("fixed-one", "fixed", 5, 0));
  r.diff.cases = 100;
  r.diff.differing = 11;
  r.diff.groups.push_back(
      DiffGroup{"outcome ok -> config_error (ValidationError)", 11, case_of(R"({"zenflow":{}})"), {}, {}});
  r.coverage =
      PatchCoverage{"zfcheck's statement marks",
                    4,
                    3,
                    2,
                    {{"deepspeed/runtime/zenflow/engine.py", 37, "        raise ValueError(\"too old\")"}}};
  r.new_fields = {"pt_reserved_cores_perc"};
  return r;
}

std::string markdown(const Review& r) {
  return render_review(r, TableFormat::markdown, portable_upstream_option(r.base),
                       portable_upstream_option(r.head));
}

// Where `what` starts in `text`; fails the test when it is absent.
std::size_t at(const std::string& text, std::string_view what) {
  std::size_t where = text.find(what);
  EXPECT_NE(where, std::string::npos) << what << " is missing from:\n" << text;
  return where;
}

TEST(EngineReview, theVerdictAndTheSummaryComeFirstThenTheDetailsByImportance) {
  std::string text = markdown(handmade());
  std::vector<std::size_t> order{at(text, "# ZenFlow review"),
                                 at(text, "**Verdict: the head introduces a finding the base did not have"),
                                 at(text, "Against the base, the head fixes 1 invariant"),
                                 at(text, "## Introduced by the head"),
                                 at(text, "## Fixed by the head"),
                                 at(text, "## Changed code lines no case reached (1 of 3)"),
                                 at(text, "## Behaviour changes"),
                                 at(text, "## ZenFlow fields"),
                                 at(text, "## Resolution table"),
                                 at(text, "<details>")};
  EXPECT_TRUE(std::is_sorted(order.begin(), order.end())) << text;
  EXPECT_LT(at(text, "### `introduced-one`"), at(text, "## Fixed by the head"));
}

TEST(EngineReview, theSummaryNamesEveryKindOfChange) {
  std::string text = markdown(handmade());
  std::string summary = text.substr(at(text, "Against the base"));
  summary = summary.substr(0, summary.find("\n\n"));
  for (std::string_view part :
       {"fixes 1 invariant (`fixed-one`)", "introduces 1 invariant (`introduced-one`)",
        "11 of 100 grid cases behave differently", "adds the ZenFlow field `pt_reserved_cores_perc`",
        "2 of 3 changed code lines ran, 1 in no case", "1 invariant stays broken"})
    EXPECT_NE(summary.find(part), std::string::npos) << part << " is not in: " << summary;
}

// A review of part of the grid (--grid-blocks) says so where it counts the cases, and in its JSON; a review
// of the whole grid has no grid_blocks key.
TEST(EngineReview, aReviewOfSomeGridBlocksSaysWhich) {
  Review r = handmade();
  EXPECT_EQ(py::parse_json(review_json(r))->as<py::Dict>()->find("grid_blocks"), nullptr);
  r.grid_blocks = {"coercion", "whole-config:zero"};
  at(markdown(r),
     "11 of 100 grid cases (only the blocks `coercion`, `whole-config:zero`) behave differently");
  auto doc = py::parse_json(review_json(r));
  ASSERT_TRUE(doc);
  EXPECT_EQ(*doc->as<py::Dict>()->find("grid_blocks"),
            py::Value(py::List{py::Str{"coercion"}, py::Str{"whole-config:zero"}}));
}

TEST(EngineReview, stillBrokenIsCollapsedAndSaysWhereItsCasesWent) {
  std::string text = markdown(handmade());
  std::size_t open = at(text, "<details>\n<summary>Still broken on both sides: 1 invariant"),
              close = at(text, "</details>");
  std::size_t still = at(text, "### `still-one`: still broken (39834 cases under base, 28678 under head)");
  EXPECT_TRUE(open < still && still < close) << text;
  EXPECT_GT(text.find("still broken ("), open) << "a still-broken invariant outside the collapsed part";
  EXPECT_NE(text.find("11156 cases break it under base only; under head they are: 11156 config_error", still),
            std::string::npos)
      << text;
  std::string plain = render_review(handmade(), TableFormat::text, "A", "B");
  EXPECT_EQ(plain.find("<details>"), std::string::npos);
}

TEST(EngineReview, unreachedLinesAreListedWithTheirTextAndFailTheReview) {
  Review r = handmade();
  r.introduced = false;
  r.invariants.erase(r.invariants.begin() + 1);
  std::string text = markdown(r);
  at(text, "**Verdict: the head introduces no finding, but 1 changed code line ran in no case");
  at(text, "deepspeed/runtime/zenflow/engine.py:37:         raise ValueError(\"too old\")");
  EXPECT_FALSE(review_passes(r));
  r.coverage->unreached.clear();
  r.coverage->reached = 3;
  EXPECT_TRUE(review_passes(r));
  text = markdown(r);
  at(text, "**Verdict: the head introduces no finding, and every changed code line ran.**");
  EXPECT_EQ(text.find("## Changed code lines no case reached"), std::string::npos);
}

// A review whose grid changes nothing and every changed line ran, with a top-k part whose head breaks
// `introduced` (or, reversed, fixes it) on one problem of two.
Review topk_only(const char* status) {
  Review r = handmade();
  r.introduced = false;
  r.invariants.clear();
  r.coverage->unreached.clear();
  TopkChanges changes;
  using Names = std::vector<std::string>;
  auto shifted = nlohmann::ordered_json{{"params", {{{"selected", {0, 4, 5}}}}}};
  auto own = nlohmann::ordered_json{{"params", {{{"selected", {3, 4, 5}}}}}};
  bool introduced = std::string_view(status) == "introduced";
  changes.add("{\"id\": \"p\"}", introduced ? own : shifted, introduced ? shifted : own,
              introduced ? TopkJudgement{Names{}, Names{"topk-scores-own-columns"}}
                         : TopkJudgement{Names{"topk-scores-own-columns"}, Names{}});
  changes.add("{\"id\": \"q\"}", own, own, TopkJudgement{});
  r.topk = TopkReview{"2 problems", std::move(changes), ""};
  return r;
}

TEST(EngineReview, aTopkInvariantTheHeadIntroducesFailsTheReviewAndIsNamed) {
  Review r = topk_only("introduced");
  EXPECT_FALSE(review_passes(r));
  std::string text = markdown(r);
  at(text,
     "**Verdict: the head introduces a finding the base did not have (`topk-scores-own-columns` on 1 top-k "
     "problem).**");
  at(text,
     "on the 2 both revisions answered, the head fixes no top-k invariant and introduces "
     "`topk-scores-own-columns` on 1 top-k problem.");
  at(text, "- introduced: `topk-scores-own-columns`, 1 problem (the shortest below)");
  at(text, "echo '{\"id\": \"p\"}' | zfcheck topk --upstream \"$DEEPSPEED_SRC@2f74e7e1c\" -");
  auto doc = py::parse_json(review_json(r));
  ASSERT_TRUE(doc);
  const py::Dict& topk = *doc->as<py::Dict>()->find("topk")->as<py::Dict>();
  EXPECT_EQ(*topk.find("judged"), py::Value(2));
  const py::Dict& invariant = *topk.find("invariants")->as<py::List>()->front().as<py::Dict>();
  EXPECT_EQ(*invariant.find("status"), py::Value(py::Str{"introduced"}));
  EXPECT_EQ(*invariant.find("problems"), py::Value(1));

  Review fixed = topk_only("fixed");
  EXPECT_TRUE(review_passes(fixed));
  text = markdown(fixed);
  at(text, "**Verdict: the head introduces no finding, and every changed code line ran.**");
  at(text, "the head fixes `topk-scores-own-columns` on 1 top-k problem and introduces no top-k invariant.");
}

TEST(EngineReview, replayCommandsNameNoLocalPath) {
  EXPECT_EQ(portable_upstream_option("upstream@2f74e7e1c"), "--upstream \"$DEEPSPEED_SRC@2f74e7e1c\"");
  std::string text = markdown(handmade());
  at(text, "zfcheck check --upstream \"$DEEPSPEED_SRC@2f74e7e1c\"");
  at(text, "zfcheck check --upstream \"$DEEPSPEED_SRC@edaa72212\"");  // the fixed invariant replays on base
  at(text, "set DEEPSPEED_SRC to its path");
}

TEST(EngineReview, aPullRequestIsNamedInTheTitle) {
  EXPECT_EQ(pull_request_title("refs/pull/8274/head"), "PR #8274");
  EXPECT_EQ(pull_request_title("pull/7506/merge"), "PR #7506");
  EXPECT_EQ(pull_request_title("master"), "");
  EXPECT_EQ(pull_request_title("refs/pull/8274/headless"), "");
  Review r = handmade();
  r.title = "PR #8274";
  EXPECT_TRUE(
      markdown(r).starts_with("# ZenFlow review of PR #8274: upstream@edaa72212 -> upstream@2f74e7e1c\n"));
  EXPECT_TRUE(
      markdown(handmade()).starts_with("# ZenFlow review: upstream@edaa72212 -> upstream@2f74e7e1c\n"));
}

TEST(EngineReview, theJsonKeepsItsKeysAndAddsTheNewOnes) {
  auto doc = py::parse_json(review_json(handmade()));
  ASSERT_TRUE(doc);
  const py::Dict& d = *doc->as<py::Dict>();
  for (std::string_view key : {"base", "head", "introduced", "invariants", "diff", "title", "passes",
                               "new_fields", "removed_fields", "table_sides_agree", "coverage"})
    EXPECT_NE(d.find(key), nullptr) << key;
  EXPECT_EQ(*d.find("passes"), py::Value(false));
  const py::Dict& coverage = *d.find("coverage")->as<py::Dict>();
  EXPECT_EQ(*coverage.find("code"), py::Value(3));
  const py::Dict& line = *coverage.find("unreached")->as<py::List>()->front().as<py::Dict>();
  EXPECT_EQ(*line.find("line"), py::Value(37));
  const py::Dict& still = *d.find("invariants")->as<py::List>()->front().as<py::Dict>();
  EXPECT_EQ(*still.find("left")->as<py::Dict>()->find("config_error"), py::Value(11156));
}

// Over a small grid (steps_per_epoch unset, 0, -5; no dataloader or an empty one) from the first commit of
// PR #8456 to its last, which refuses steps_per_epoch below 1.
TEST(EngineReview, theModelsReviewCountsWhereEachInvariantsCasesWent) {
  GridBlock b{"probe", {}, {}, {std::nullopt, 0}, {2}};
  b.axes.push_back(EntryAxis{{std::nullopt, py::Dict::Entry{py::Str{"steps_per_epoch"}, 0},
                              py::Dict::Entry{py::Str{"steps_per_epoch"}, -5}}});
  SweepGrid grid({b});
  auto base = testing::model("pr-8456-4ffc94ea"), head = testing::model("pr-8456");
  Review r = review_engines(grid, base, head, TableFormat::markdown, nullptr);
  // Expected by hand: every case that breaks an invariant under base and not under head, by head's outcome.
  std::map<std::string, std::map<std::string, std::uint64_t>> expected;
  for (std::uint64_t i = 0; i < grid.size(); ++i) {
    Case c = grid.at(i);
    Result a = evaluate_one(base, c), h = evaluate_one(head, c);
    auto after = violations(c, h);
    for (std::string_view name : violations(c, a)) {
      if (std::find(after.begin(), after.end(), name) == after.end())
        ++expected[std::string(name)][h.outcome == Outcome::ok ? "holds" : "config_error"];
    }
  }
  ASSERT_FALSE(expected.empty());
  for (const InvariantChange& c : r.invariants) {
    EXPECT_EQ(c.left, expected[c.invariant]) << c.invariant;
    EXPECT_TRUE(c.joined.empty()) << c.invariant;
  }
  EXPECT_FALSE(r.table_sides_agree);  // the reviewer's steps_per_epoch 0 and -5 rows differ
  Review same = review_engines(grid, head, head, TableFormat::markdown, nullptr);
  EXPECT_TRUE(same.table_sides_agree);
  EXPECT_EQ(same.table.find("pr-8456 |"), std::string::npos) << "one result column, not a column per side:\n"
                                                             << same.table;
  EXPECT_LT(same.table.size(), r.table.size());
}

}  // namespace
}  // namespace zfcheck
