// Tests of the fix search (harness/checks/fix_search): call and block fixes, fewest keys, verified results.
#include "harness/explain/fix_search.hpp"

#include "harness/checks/invariants.hpp"
#include "harness/explain/schedule_intent.hpp"
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
  auto fixes =
      fixes_for("pr-8456", R"({"zenflow":{"offload":true,"update_interval":1},"dataloader_len":10})");
  ASSERT_EQ(fixes.size(), 1u);
  EXPECT_EQ(fixes[0].changed_keys, (std::vector<std::string>{"offload"}));
  EXPECT_EQ(py::to_json(fixes[0].c.zenflow), R"({"update_interval":1})");  // removing the key is simplest
  EXPECT_EQ(fixes[0].invariants, (std::vector<std::string_view>{"setup-never-raises"}));
}

TEST(FixSearch, AFixKeepsTheAskedSelectIntervalAndNeverSelectsOnce) {
  // Removing select_strategy is the simplest one-key fix, but under pr-8456 it selects once (interval 0);
  // select_interval 4 strays from the asked 2; update_interval 1 keeps it.
  auto fixes = fixes_for("pr-8456",
                         R"({"zenflow":{"select_strategy":"step","select_interval":2,"update_interval":4}})");
  ASSERT_EQ(fixes.size(), 1u);
  EXPECT_EQ(fixes[0].changed_keys, (std::vector<std::string>{"update_interval"}));
  EXPECT_EQ(fixes[0].result.resolved->select_interval, 2);
}

TEST(FixSearch, TheAskedIntervalIsACandidateEvenWhereNoPoolHoldsIt) {
  // The tutorial asks for interval 4 (its update_interval); no candidate holds 4, yet the fix selects
  // every 4.
  FixCandidates without_four = small_pool();
  without_four.field_values = [](std::string_view field) -> std::vector<py::Value> {
    if (field == "select_strategy") return {"auto", "step", "epoch"};
    if (field == "select_interval") return {"auto", 1, 10};
    return {};
  };
  Case c = case_of(kTutorial);
  ModelEngine engine(testing::profile("deepspeed-edaa722"));
  auto fixes = find_fixes(c, evaluate_one(engine, c), engine, without_four);
  ASSERT_EQ(fixes.size(), 2u);
  EXPECT_EQ(fixes[1].changed_keys, (std::vector<std::string>{"select_strategy", "select_interval"}));
  EXPECT_EQ(fixes[1].result.resolved->select_interval, 4);
}

TEST(FixSearch, RealisticCandidatesAreTheModelsFieldValues) {
  const FixCandidates candidates = realistic_fix_candidates();
  std::vector<std::string> update_intervals;
  for (const py::Value& v : candidates.field_values("update_interval"))
    update_intervals.push_back(py::to_json(v));
  EXPECT_EQ(update_intervals, (std::vector<std::string>{R"("auto")", "4", "1", "2", "3", "8"}));
  EXPECT_TRUE(candidates.field_values("not_a_field").empty());
  EXPECT_EQ(candidates.dataloader_lens.front(), 1);
  EXPECT_EQ(candidates.dataloader_lens.size(), kRealisticDataloaderLens.size());
}

TEST(FixSearch, NoFixWhenEveryCandidateSelectsOnce) {
  // Only select_strategy may change: removing it, "auto" or "epoch" all leave no epoch length, interval 0.
  FixCandidates strategies = small_pool();
  strategies.field_values = [](std::string_view field) -> std::vector<py::Value> {
    if (field == "select_strategy") return {"auto", "epoch"};
    return {};
  };
  Case c = case_of(R"({"zenflow":{"select_strategy":"step","select_interval":2,"update_interval":4}})");
  ModelEngine engine(testing::profile("pr-8456"));
  EXPECT_TRUE(find_fixes(c, evaluate_one(engine, c), engine, strategies).empty());
}

TEST(ScheduleIntent, TheAskedIntervalIsWhatTheBlockWrites) {
  auto asked = [](std::string_view block, std::optional<std::int64_t> len = std::nullopt) {
    return asked_interval(*py::parse_json(block), len);
  };
  EXPECT_EQ(asked(R"({"select_strategy":"step","select_interval":3,"update_interval":1})"), 3);
  EXPECT_EQ(asked(R"({"select_strategy":"epoch","select_interval":2})", 50), 100);
  EXPECT_EQ(asked(R"({"select_strategy":"epoch","select_interval":2,"steps_per_epoch":7})"), 14);
  EXPECT_EQ(asked(R"({"select_strategy":"auto","update_interval":4})", 30), 30);
  EXPECT_EQ(asked(R"({"select_strategy":"auto","update_interval":4})"), 4);
  EXPECT_EQ(asked(R"({"update_interval":"auto"})"), std::nullopt);
  // Epochs times their length beyond int64: no schedule to stay close to.
  EXPECT_EQ(asked(R"({"select_strategy":"epoch","select_interval":4611686018427387904})", 4), std::nullopt);
}

TEST(ScheduleIntent, StrayIsTheIntervalRatioThenTheCount) {
  auto result = [](std::int64_t interval, std::size_t selections) {
    Result r;
    r.resolved = Resolved{"step", interval, 1, false, std::nullopt, 0};
    r.selections.resize(selections);
    return r;
  };
  EXPECT_EQ(stray(result(4, 6), 4, 24), (Stray{0, 0}));
  EXPECT_EQ(stray(result(8, 3), 4, 24), (Stray{1, 3}));
  EXPECT_EQ(stray(result(2, 12), 4, 24), (Stray{1, 6}));
  EXPECT_LT(stray(result(4, 5), 4, 24), stray(result(5, 5), 4, 24));
  EXPECT_EQ(stray(result(8, 3), std::nullopt, 24), Stray{});
}

// The fixes of a whole config under pr-8456, with a dataloader of 10.
std::vector<Fix> whole_config_fixes(std::string_view config) {
  Case c;
  c.deepspeed_config = *py::parse_json(config);
  c.dataloader_len = 10;
  ModelEngine engine(testing::profile("pr-8456"));
  return find_fixes(c, evaluate_one(engine, c), engine, small_pool());
}

// Each fix of `fixes`, as its settings ("path=value", joined by "+") then, for a block fix, "keys" and the
// changed keys; a call fix as "call" and its length.
std::vector<std::string> described(const std::vector<Fix>& fixes) {
  std::vector<std::string> out;
  for (const Fix& fix : fixes) {
    if (fix.kind == FixKind::call) {
      out.push_back("call " + std::to_string(*fix.c.dataloader_len));
      continue;
    }
    std::string s;
    for (const Setting& setting : fix.settings) {
      std::string path;
      for (const auto& key : setting.path) path += (path.empty() ? "" : ".") + key;
      s += (s.empty() ? "" : "+") + path + "=" + py::to_json(setting.value);
    }
    if (fix.kind == FixKind::block) {
      s += std::string(s.empty() ? "" : " then ") + "keys";
      for (const auto& key : fix.changed_keys) s += " " + key;
    }
    out.push_back(s);
  }
  return out;
}

TEST(FixSearch, AWholeConfigIsFixedWhereTheSettingIsTheFix) {
  // The offload/overlap_comm assertion: overlap_comm true keeps the user's offload (a block fix drops it).
  EXPECT_EQ(
      described(whole_config_fixes(
          R"({"train_batch_size":4,"zero_optimization":{"stage":2,"offload_optimizer":{"device":"cpu"},)"
          R"("zenflow":{"offload":true,"update_interval":1}}})")),
      (std::vector<std::string>{"zero_optimization.overlap_comm=true", "keys offload"}));
  // DeepSpeed refuses gradient_allreduce_op "sum" with ZenFlow.
  EXPECT_EQ(described(whole_config_fixes(
                R"({"train_batch_size":4,"gradient_allreduce_op":"sum","zero_optimization":)"
                R"({"stage":2,"offload_optimizer":{"device":"cpu"},"zenflow":{"update_interval":1}}})")),
            (std::vector<std::string>{"gradient_allreduce_op=\"mean\""}));
  // Stage 1 without an offload_optimizer: ZenFlow must be used with cpu offload.
  EXPECT_EQ(described(whole_config_fixes(
                R"({"train_batch_size":4,"zero_optimization":{"stage":1,"zenflow":{"update_interval":1}}})")),
            (std::vector<std::string>{"zero_optimization.offload_optimizer.device=\"cpu\""}));
}

// ZenFlow's set-up overwrites gradient_accumulation_steps with the update interval: the fix that keeps the
// update interval sets the accumulation to it, with the micro batch that keeps train_batch_size.
TEST(FixSearch, TheAccumulationFixKeepsTheUpdateIntervalAndTheBatch) {
  constexpr std::string_view kZero =
      R"("zero_optimization":{"stage":2,"offload_optimizer":{"device":"cpu"},"zenflow":{"select_strategy":"step",)"
      R"("select_interval":4,"update_interval":4}}})";
  // The block fix that sets update_interval to 1 is not offered beside it: it undoes the deferred updates.
  EXPECT_EQ(described(whole_config_fixes(R"({"train_batch_size":8,)" + std::string(kZero))),
            (std::vector<std::string>{"gradient_accumulation_steps=4+train_micro_batch_size_per_gpu=2"}));
  // At world size 2 the micro batch is halved again.
  Case two;
  two.deepspeed_config = *py::parse_json(R"({"train_batch_size":16,)" + std::string(kZero));
  two.world_size = 2;
  two.dataloader_len = 10;
  ModelEngine engine(testing::profile("pr-8456"));
  EXPECT_EQ(described(find_fixes(two, evaluate_one(engine, two), engine, small_pool())),
            (std::vector<std::string>{"gradient_accumulation_steps=4+train_micro_batch_size_per_gpu=2"}));
  // A batch the update interval does not divide has no such fix: then changing update_interval is the fix.
  EXPECT_EQ(described(whole_config_fixes(R"({"train_batch_size":6,)" + std::string(kZero))),
            (std::vector<std::string>{"keys update_interval"}));
}

// Without a dataloader the accumulation fix alone leaves the single selection: it is followed by the block
// change that makes the schedule re-select; the block fix that brings the update interval down to 1 is not
// offered, since this one keeps it at 4.
TEST(FixSearch, TheAccumulationFixIsFollowedByTheBlockChangeItStillNeeds) {
  Case c;
  c.deepspeed_config = *py::parse_json(
      R"({"train_batch_size":8,"zero_optimization":{"stage":2,"offload_optimizer":{"device":"cpu"},)"
      R"("zenflow":{"update_interval":4}}})");
  ModelEngine engine(testing::profile("deepspeed-edaa722"));
  EXPECT_EQ(described(find_fixes(c, evaluate_one(engine, c), engine, small_pool())),
            (std::vector<std::string>{"gradient_accumulation_steps=4+train_micro_batch_size_per_gpu=2 then "
                                      "keys select_strategy select_interval"}));
}

TEST(FixSearch, StageZeroGetsTheStageAndTheAccumulationThatKeepsTheUpdateInterval) {
  // The stage lets set-up finish; gradient_accumulation_steps set to the update interval then repairs the
  // overwrite, so no fix brings update_interval down to 1, whatever else the config holds.
  constexpr std::string_view kStageZero =
      R"("zero_optimization":{"stage":0,"offload_optimizer":{"device":"cpu"},"zenflow":{"update_interval":4}}})";
  const std::vector<std::string> expected{
      "zero_optimization.stage=2+gradient_accumulation_steps=4+train_micro_batch_size_per_gpu=2"};
  EXPECT_EQ(described(whole_config_fixes(R"({"train_batch_size":8,)" + std::string(kStageZero))), expected);
  EXPECT_EQ(described(whole_config_fixes(R"({"train_batch_size":8,"fp16":{"enabled":true},)" +
                                         std::string(kStageZero))),
            expected);
}

TEST(FixSearch, StageZeroNeedsTheStageAndTheDeviceTogether) {
  // No stage (0) and no offload: neither setting alone lets set-up finish; both do.
  EXPECT_EQ(described(whole_config_fixes(
                R"({"train_batch_size":4,"zero_optimization":{"zenflow":{"update_interval":1}}})")),
            (std::vector<std::string>{
                "zero_optimization.offload_optimizer.device=\"cpu\"+zero_optimization.stage=2"}));
  // The same with an update interval that overwrites gradient_accumulation_steps: the two settings, then
  // gradient_accumulation_steps set to it (not update_interval changed to 1).
  EXPECT_EQ(described(whole_config_fixes(
                R"({"train_batch_size":4,"zero_optimization":{"zenflow":{"select_strategy":"step",)"
                R"("select_interval":4,"update_interval":4}}})")),
            (std::vector<std::string>{
                "zero_optimization.offload_optimizer.device=\"cpu\"+zero_optimization.stage=2+"
                "gradient_accumulation_steps=4+train_micro_batch_size_per_gpu=1"}));
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
        if (broken != 0) {
          EXPECT_FALSE(fix.invariants.empty());  // else it repairs a failing outcome
        }
        EXPECT_EQ(fix.result, evaluate_one(engine, fix.c));
      }
    }
  }
}

}  // namespace
}  // namespace zfcheck
