// The invariant registry: unique kebab-case names, each with a statement and a reason (docs_tests holds
// them against docs/invariants.md), and each predicate on cases that keep and break it.
#include "harness/checks/invariants.hpp"
#include "test_support.hpp"

#include <algorithm>
#include <bit>
#include <set>

namespace zfcheck {
namespace {

using testing::case_of;
using testing::eval;

bool breaks(std::string_view profile, std::string_view case_json, std::string_view invariant) {
  Case c = case_of(case_json);
  auto names = violations(c, evaluate(c, testing::profile(profile)));
  return std::find(names.begin(), names.end(), invariant) != names.end();
}

TEST(Invariants, namesAreUniqueKebabCaseWithAStatementAndAReason) {
  std::set<std::string_view> seen;
  for (const Invariant& inv : invariants()) {
    EXPECT_TRUE(seen.insert(inv.name).second) << inv.name;
    EXPECT_TRUE(std::all_of(inv.name.begin(), inv.name.end(), [](char c) {
      return (c >= 'a' && c <= 'z') || c == '-';
    })) << inv.name;
    EXPECT_FALSE(inv.statement.empty()) << inv.name;
    EXPECT_FALSE(inv.why.empty()) << inv.name;
  }
  EXPECT_EQ(find_invariant("no-such-invariant"), nullptr);
}

TEST(Invariants, reselectsOrWarnsWantsTheNeverRepeatsWarningNotJustAnyWarning) {
  EXPECT_TRUE(breaks("deepspeed-8274", R"({"zenflow":{}})", "reselects-or-warns"));
  EXPECT_FALSE(breaks("pr-8456", R"({"zenflow":{}})", "reselects-or-warns"));  // warned
  EXPECT_FALSE(breaks("deepspeed-8274", R"({"zenflow":{},"dataloader_len":10})", "reselects-or-warns"));
  // 4ffc94ea: auto + integer select_interval logs the override warning, and steps_per_epoch 0 still
  // gives 0 silently as far as re-selection goes.
  Result r = eval("pr-8456-4ffc94ea", R"({"zenflow":{"select_interval":1,"steps_per_epoch":0}})");
  ASSERT_FALSE(r.warnings.empty());
  EXPECT_TRUE(breaks("pr-8456-4ffc94ea", R"({"zenflow":{"select_interval":1,"steps_per_epoch":0}})",
                     "reselects-or-warns"));
}

TEST(Invariants, selectsAtLeastOnceFailsOnlyWithNegativeWarmUpAndIntervalZero) {
  EXPECT_TRUE(breaks("pr-8456", R"({"zenflow":{"full_warm_up_rounds":-1}})", "selects-at-least-once"));
  EXPECT_FALSE(breaks("pr-8456", R"({"zenflow":{"full_warm_up_rounds":-1},"dataloader_len":10})",
                      "selects-at-least-once"));
  EXPECT_FALSE(breaks("pr-8456", R"({"zenflow":{"full_warm_up_rounds":50}})", "selects-at-least-once"));
}

TEST(Invariants, gradientAccumulationHonouredWhenSetUpKeepsTheConfigsValue) {
  constexpr std::string_view kInvariant = "gradient-accumulation-honoured";
  const std::string zero = R"("zero_optimization":{"stage":2,"offload_optimizer":{"device":"cpu"},)"
                           R"("zenflow":{"select_strategy":"step","select_interval":8,"update_interval":4}})";
  // Implied (64 / 8 = 8) and set (8) values both become update_interval 4.
  EXPECT_TRUE(breaks("pr-8456", R"({"deepspeed_config":{"train_batch_size":64,"train_micro_batch_size_per_gpu":8,)" + zero + "}}",
                     kInvariant));
  EXPECT_TRUE(breaks("deepspeed-edaa722",
                     R"({"deepspeed_config":{"train_micro_batch_size_per_gpu":8,"gradient_accumulation_steps":8,)" + zero + "}}",
                     kInvariant));
  // A config whose value already is update_interval, ZenFlow off, and zenflow-block cases keep it.
  EXPECT_FALSE(breaks("pr-8456", R"({"deepspeed_config":{"train_batch_size":32,"train_micro_batch_size_per_gpu":8,)" + zero + "}}",
                      kInvariant));
  EXPECT_FALSE(breaks("pr-8456", R"({"deepspeed_config":{"train_batch_size":64,"zero_optimization":{"stage":2}}})", kInvariant));
  EXPECT_FALSE(breaks("pr-8456", R"({"zenflow":{}})", kInvariant));
}

TEST(Invariants, intervalNotNegative) {
  EXPECT_TRUE(breaks("deepspeed-8274", R"({"zenflow":{"steps_per_epoch":-5}})", "interval-not-negative"));
  EXPECT_FALSE(
      breaks("pr-8456", R"({"zenflow":{"steps_per_epoch":-5}})", "interval-not-negative"));  // rejected
  EXPECT_TRUE(breaks("pr-8456", R"({"zenflow":{"select_strategy":"step","select_interval":-5}})",
                     "interval-not-negative"));
}

TEST(Invariants, epochMeansEpochsUsesTheDataloaderFirstThenStepsPerEpoch) {
  // An empty dataloader is not an epoch length; steps_per_epoch 1 is, and edaa722 ignores it.
  EXPECT_TRUE(breaks("deepspeed-edaa722", R"({"zenflow":{"steps_per_epoch":1},"dataloader_len":0})",
                     "epoch-means-epochs"));
  EXPECT_FALSE(
      breaks("pr-8456", R"({"zenflow":{"steps_per_epoch":1},"dataloader_len":0})", "epoch-means-epochs"));
  EXPECT_FALSE(breaks("deepspeed-edaa722",
                      R"({"zenflow":{"select_strategy":"epoch","select_interval":3},"dataloader_len":10})",
                      "epoch-means-epochs"));
  // No known length: the invariant does not apply.
  EXPECT_FALSE(breaks("deepspeed-8274", R"({"zenflow":{}})", "epoch-means-epochs"));
}

TEST(Invariants, engineAndOptimizerAgree) {
  EXPECT_TRUE(
      breaks("deepspeed-8274", R"({"zenflow":{"steps_per_epoch":10}})", "engine-and-optimizer-agree"));
  EXPECT_FALSE(
      breaks("pr-8456-4ffc94ea", R"({"zenflow":{"steps_per_epoch":10}})", "engine-and-optimizer-agree"));
  EXPECT_FALSE(breaks("deepspeed-8274", R"({"zenflow":{"steps_per_epoch":10},"dataloader_len":3})",
                      "engine-and-optimizer-agree"));
}

TEST(Invariants, setupNeverRaisesAndWarningsDoNotAbort) {
  const char* auto_with_integer = R"({"zenflow":{"select_interval":5}})";
  EXPECT_TRUE(breaks("deepspeed-8274", auto_with_integer, "warnings-do-not-abort"));
  EXPECT_TRUE(breaks("deepspeed-8274", auto_with_integer, "setup-never-raises"));
  EXPECT_FALSE(breaks("pr-8456", auto_with_integer, "warnings-do-not-abort"));
  EXPECT_FALSE(breaks("pr-8456", auto_with_integer, "setup-never-raises"));
  EXPECT_TRUE(breaks("pr-8456", R"({"zenflow":{"select_strategy":"step"}})", "setup-never-raises"));
  EXPECT_FALSE(breaks("pr-8456", R"({"zenflow":{"select_strategy":"step"}})", "warnings-do-not-abort"));
  // A config error is validation refusing: not set-up raising.
  EXPECT_FALSE(breaks("pr-8456", R"({"zenflow":{"topk_ratio":2}})", "setup-never-raises"));
}

TEST(Invariants, warmUpNotNegativeAndGradientAccumulationPositive) {
  EXPECT_TRUE(breaks("pr-8456", R"({"zenflow":{"full_warm_up_rounds":-3},"dataloader_len":10})",
                     "warm-up-not-negative"));
  EXPECT_FALSE(breaks("pr-8456", R"({"zenflow":{"full_warm_up_rounds":3}})", "warm-up-not-negative"));
  EXPECT_TRUE(breaks("pr-8456", R"({"zenflow":{}})", "gradient-accumulation-positive"));
  EXPECT_FALSE(breaks("pr-8456", R"({"zenflow":{"update_interval":1}})", "gradient-accumulation-positive"));
  EXPECT_TRUE(
      breaks("deepspeed-edaa722", R"({"zenflow":{"update_interval":-1}})", "gradient-accumulation-positive"));
}

TEST(Invariants, nothingAppliesWhenZenFlowIsOffOrTheConfigIsRejected) {
  for (const char* json : {R"({"zenflow":null})", R"({"zenflow":"auto"})", R"({"zenflow":5})",
                           R"({"zenflow":{"select_strategy":"bad"}})"}) {
    Case c = case_of(json);
    EXPECT_TRUE(violations(c, evaluate(c, testing::profile("deepspeed-edaa722"))).empty()) << json;
  }
}

TEST(Invariants, violationsListsNamesInRegistryOrderMatchingTheMask) {
  Case c = case_of(R"({"zenflow":{"full_warm_up_rounds":-1}})");
  Result r = evaluate(c, testing::profile("deepspeed-8274"));
  auto names = violations(c, r);
  ASSERT_EQ(names, (std::vector<std::string_view>{"reselects-or-warns", "selects-at-least-once",
                                                  "warm-up-not-negative", "gradient-accumulation-positive"}));
  ViolationMask mask = violation_mask(c, r);
  EXPECT_EQ(static_cast<std::size_t>(std::popcount(mask)), names.size());
}

TEST(KnownEpochLength, dataloaderWinsWhenPositiveElseStepsPerEpochAtLeastOne) {
  EXPECT_EQ(known_epoch_length(case_of(R"({"zenflow":{"steps_per_epoch":7},"dataloader_len":10})")),
            py::Int(10));
  EXPECT_EQ(known_epoch_length(case_of(R"({"zenflow":{"steps_per_epoch":7},"dataloader_len":0})")),
            py::Int(7));
  EXPECT_EQ(known_epoch_length(case_of(R"({"zenflow":{"steps_per_epoch":"7"}})")), py::Int(7));  // coerced
  EXPECT_EQ(known_epoch_length(case_of(R"({"zenflow":{"steps_per_epoch":true}})")), py::Int(1));
  for (const char* none :
       {R"({"zenflow":{}})", R"({"zenflow":{},"dataloader_len":0})", R"({"zenflow":{"steps_per_epoch":0}})",
        R"({"zenflow":{"steps_per_epoch":-5}})", R"({"zenflow":{"steps_per_epoch":null}})",
        R"({"zenflow":{"steps_per_epoch":"auto"}})", R"({"zenflow":{"steps_per_epoch":10.5}})",
        R"({"zenflow":7})"}) {
    EXPECT_EQ(known_epoch_length(case_of(none)), std::nullopt) << none;
  }
}

}  // namespace
}  // namespace zfcheck
