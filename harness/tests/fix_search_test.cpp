// Tests of the fix search (harness/checks/fix_search): call and block fixes, fewest keys, verified results.
#include "harness/explain/fix_search.hpp"

#include "harness/checks/invariants.hpp"
#include "harness/reports/resolution_table.hpp"
#include "reference/py_json.hpp"
#include "test_support.hpp"

namespace zfcheck {
namespace {

using testing::case_of;

// A small pool per field, simplest first, as the generators' pools would order it.
FixCandidates small_pool() {
  FixCandidates out;
  out.field_values = [](std::string_view field) -> std::vector<py::Value> {
    if (field == "select_strategy") return {"auto", "step", "epoch"};
    if (field == "offload") return {false, true};
    if (field == "steps_per_epoch") return {py::None{}, 1, 10};
    if (field == "select_interval" || field == "update_interval") return {"auto", 0, 1, 4, 10};
    if (field == "full_warm_up_rounds") return {0, 1, 3};
    return {};
  };
  out.dataloader_lens = {1, 3, 10, 1000};
  return out;
}

std::vector<Fix> fixes_for(std::string_view profile, std::string_view case_json) {
  Case c = case_of(case_json);
  ModelEngine engine(testing::profile(profile));
  return find_fixes(c, evaluate_one(engine, c), engine, small_pool());
}

constexpr std::string_view kTutorial =
    R"({"zenflow":{"topk_ratio":0.05,"select_strategy":"auto","select_interval":"auto","update_interval":4,)"
    R"("full_warm_up_rounds":0,"overlap_step":true}})";

TEST(FixSearch, NothingBrokenNothingToFix) {
  EXPECT_TRUE(fixes_for("pr-8456", kTutorial).empty());
  EXPECT_TRUE(fixes_for("deepspeed-edaa722", R"({"zenflow":null})").empty());
}

TEST(FixSearch, TheTutorialWithoutADataloaderIsFixedByTheCallOrByTwoKeys) {
  auto fixes = fixes_for("deepspeed-edaa722", kTutorial);
  ASSERT_EQ(fixes.size(), 2u);
  EXPECT_EQ(fixes[0].kind, FixKind::call);
  EXPECT_EQ(fixes[0].c.dataloader_len, 10);  // 1 and 3 are below update_interval 4: set-up raises
  EXPECT_EQ(fixes[0].failed_lens, (std::vector<std::int64_t>{1, 3}));
  EXPECT_EQ(fixes[0].invariants, (std::vector<std::string_view>{"reselects-or-warns"}));
  EXPECT_EQ(fixes[1].kind, FixKind::block);
  EXPECT_EQ(fixes[1].changed_keys, (std::vector<std::string>{"select_strategy", "select_interval"}));
  EXPECT_EQ(py::to_json(fixes[1].c.zenflow),
            R"({"topk_ratio":0.05,"select_strategy":"step","select_interval":4,"update_interval":4,)"
            R"("full_warm_up_rounds":0,"overlap_step":true})");
  for (const Fix& fix : fixes) EXPECT_TRUE(violations(fix.c, fix.result).empty());
}

TEST(FixSearch, AnOffloadWithoutOverlapCommIsFixedByOneKey) {
  auto fixes = fixes_for("pr-8456", R"({"zenflow":{"offload":true,"update_interval":1},"dataloader_len":10})");
  ASSERT_EQ(fixes.size(), 1u);
  EXPECT_EQ(fixes[0].changed_keys, (std::vector<std::string>{"offload"}));
  EXPECT_EQ(py::to_json(fixes[0].c.zenflow), R"({"update_interval":1})");  // removing the key is simplest
  EXPECT_EQ(fixes[0].invariants, (std::vector<std::string_view>{"setup-never-raises"}));
}

TEST(FixSearch, EveryFixKeepsWhatTheOriginalKeptOnEveryThreadRow) {
  for (const Profile& profile : builtin_profiles()) {
    ModelEngine engine(profile);
    for (const ResolutionTableRow& row : resolution_table_cases(40)) {
      const Case& c = row.c;
      Result r = evaluate_one(engine, c);
      ViolationMask broken = violation_mask(c, r);
      for (const Fix& fix : find_fixes(c, r, engine, small_pool())) {
        ViolationMask after = violation_mask(fix.c, fix.result);
        EXPECT_EQ(after & ~broken, 0u) << profile.name << " " << row.label;
        EXPECT_FALSE(fix.invariants.empty());
        EXPECT_EQ(fix.result, evaluate_one(engine, fix.c));
      }
    }
  }
}

}  // namespace
}  // namespace zfcheck
