// The profile diff: change descriptions, and the fix commit's diff holding exactly its two changes.
#include "harness/reports/profile_diff.hpp"
#include "harness/checks/minimal_order.hpp"
#include "reference/py_json.hpp"
#include "test_support.hpp"

namespace zfcheck {
namespace {

using testing::eval;

std::string change(std::string_view from, std::string_view to, std::string_view json) {
  return describe_change(eval(from, json), eval(to, json));
}

TEST(DescribeChange, emptyWhenOnlyTheProfileNameDiffers) {
  EXPECT_EQ(change("deepspeed-edaa722", "deepspeed-8274", R"({"zenflow":{}})"), "");
  EXPECT_EQ(change("pr-8456", "pr-8456", R"({"zenflow":{"steps_per_epoch":0}})"), "");
}

TEST(DescribeChange, anOutcomeChangeIsDescribedAlone) {
  EXPECT_EQ(change("pr-8456-4ffc94ea", "pr-8456", R"({"zenflow":{"steps_per_epoch":0}})"),
            "outcome ok -> config_error (ValidationError)");
  EXPECT_EQ(change("deepspeed-8274", "pr-8456", R"({"zenflow":{"select_interval":5}})"),
            "outcome init_error (Warning) -> ok");
}

TEST(DescribeChange, valuesByClassSelectionsByCountWarningsByID) {
  EXPECT_EQ(change("pr-8456-4ffc94ea", "pr-8456", R"({"zenflow":{},"dataloader_len":0})"),
            "steps_per_epoch 0 -> unset; warnings +select-interval-never-repeats");
  EXPECT_EQ(
      change("pr-8456-4ffc94ea", "pr-8456", R"({"zenflow":{"steps_per_epoch":1},"dataloader_len":0})"),
      "select_interval 0 -> positive; engine select_interval 0 -> positive; steps_per_epoch 0 -> positive; "
      "selections once -> repeats");
  EXPECT_EQ(change("deepspeed-8274", "pr-8456-4ffc94ea", R"({"zenflow":{"steps_per_epoch":10}})"),
            "engine select_interval 0 -> positive");
  EXPECT_EQ(describe_change(eval("pr-8456", R"({"zenflow":{"select_strategy":"step","select_interval":10}})"),
                            eval("pr-8456", R"({"zenflow":{"select_strategy":"step","select_interval":5}})")),
            "validated config changed; select_interval positive -> another positive; engine select_interval "
            "positive -> another positive; selections repeats -> another repeats");
}

TEST(ProfileDiff, fixCommitChangesOnlyStepsPerEpochBelowOneAndTheEmptyDataloader) {
  Profile from = testing::profile("pr-8456-4ffc94ea");
  Profile to = testing::profile("pr-8456");
  std::uint64_t below_one = 0;
  std::uint64_t empty_dataloader = 0;
  std::uint64_t differing = 0;
  SweepGrid::builtin().for_each([&](const Case& c) {
    Result a = evaluate(c, from);
    if (describe_change(a, evaluate(c, to)).empty()) return;
    ++differing;
    bool steps_below_one = a.config && a.config->steps_per_epoch && *a.config->steps_per_epoch < 1;
    bool empty = c.dataloader_len == 0;
    below_one += steps_below_one;
    empty_dataloader += empty;
    EXPECT_TRUE(steps_below_one || empty) << canonical_text(c);
  });
  EXPECT_GT(below_one, 0u);
  EXPECT_GT(empty_dataloader, 0u);

  ProfileDiff diff = diff_profiles(SweepGrid::builtin(), ModelEngine(from), ModelEngine(to));
  EXPECT_EQ(diff.differing, differing);
  std::uint64_t grouped = 0;
  for (const DiffGroup& g : diff.groups) {
    grouped += g.count;
    EXPECT_EQ(describe_change(g.from, g.to), g.change);
  }
  EXPECT_EQ(grouped, diff.differing);
  ASSERT_FALSE(diff.groups.empty());
  EXPECT_EQ(diff.groups.front().change, "outcome ok -> config_error (ValidationError)");
  EXPECT_EQ(diff.groups.front().example, testing::case_of(R"({"zenflow":{"steps_per_epoch":0}})"));
  for (std::size_t i = 1; i < diff.groups.size(); ++i)
    EXPECT_GE(diff.groups[i - 1].count, diff.groups[i].count);
}

TEST(ProfileDiff, aProfileAgreesWithItselfAndTheJsonListsAGroupPerLine) {
  GridBlock b{"probe", {}, {}, {std::nullopt, 0}, {2}};
  b.axes.push_back(EntryAxis{{std::nullopt, py::Dict::Entry{py::Str{"steps_per_epoch"}, 0}}});
  SweepGrid grid({b});
  EXPECT_EQ(diff_profiles(grid, testing::model("pr-8456"), testing::model("pr-8456")).differing, 0u);
  ProfileDiff diff = diff_profiles(grid, testing::model("pr-8456-4ffc94ea"), testing::model("pr-8456"));
  EXPECT_EQ(diff.cases, 4u);
  EXPECT_EQ(diff.differing, 3u);
  std::string text = profile_diff_json(diff);
  // A line to open the groups, one per group, one to close them and open the causes, one per cause, one
  // to close.
  ASSERT_FALSE(diff.causes.empty());
  EXPECT_EQ(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')),
            diff.groups.size() + diff.causes.size() + 3);
  auto doc = py::parse_json(text);
  ASSERT_TRUE(doc);
  EXPECT_EQ(*doc->as<py::Dict>()->find("differing"), py::Value(3));
  EXPECT_EQ(doc->as<py::Dict>()->find("causes")->as<py::List>()->size(), diff.causes.size());
}

}  // namespace
}  // namespace zfcheck
