// The metamorphic, schedule and whole-config bodies hold on the cases that are easiest to get wrong, and
// their comparison notices two cases that do differ.
#include "properties/suite/context_metamorphic.hpp"
#include "properties/suite/input_metamorphic.hpp"
#include "properties/suite/schedule_bodies.hpp"
#include "properties/suite/whole_config_bodies.hpp"
#include "properties/tests/body_test_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck::props {
namespace {

using testing::case_of;

constexpr std::optional<Failure> (*kBodies[])(const Case&, const ProfileSet&) = {
    &auto_behaves_as_absent,
    &key_order_does_not_matter,
    &revalidating_the_config_changes_nothing,
    &integral_floats_agree_with_ints,
    &stages_one_and_two_agree,
    &stage_three_differs_only_where_offload_is_on,
    &selections_are_prefix_consistent,
    &result_does_not_depend_on_the_id,
    &config_errors_ignore_the_engine_context,
    &selections_follow_the_select_predicate,
    &whole_config_gives_its_blocks_result,
    &batch_triple_holds,
    &derivable_batch_values_may_be_left_out,
    &zero_defaults_written_out_change_nothing,
    &sum_allreduce_is_refused_only_with_stage_3_or_zenflow,
    &zero_stage_outside_its_enum_is_refused,
};

TEST(MetamorphicBodies, holdOnTheTrickyCases) {
  for (
      auto json : {
          R"({"zenflow":"auto"})",
          R"({"zenflow":{"strict":true,"topk_ratio":"auto"}})",  // a truthy strict stops the dropping
          R"({"zenflow":{"replace_method":"auto","select_interval":"auto"}})",  // replace_method is never
                                                                                // dropped
          R"({"zenflow":{"self":"auto"}})",
          R"({"zenflow":{"foo":1,"bar":2,"topk_ratio":2}})",  // which unknown key is named depends on their
                                                              // order
          R"({"zenflow":{"select_interval":1180591620717411303424,"select_strategy":"step"}})",  // no exact
                                                                                                 // float
          R"({"zenflow":{"offload":true},"stage":3})",
          R"({"zenflow":{"select_strategy":"step","select_interval":-5,"full_warm_up_rounds":3},"micro_steps":41})",
          R"({"zenflow":{"full_warm_up_rounds":-1}})",
          R"({"zenflow":{"steps_per_epoch":10},"dataloader_len":0,"stage":1})",
          // Whole configs: stage 3 without offload (overlap_comm on by default), stage "2" read as 2 with an
          // nvme device (any device but "none" counts), the block refused on a field and as a whole, a
          // misplaced block, stage 0, and a batch DeepSpeed refuses before ZenFlow.
          R"({"deepspeed_config":{"train_batch_size":8,"zero_optimization":{"stage":3,"zenflow":{"select_interval":5}}}})",
          R"({"deepspeed_config":{"train_batch_size":8,"zero_optimization":{"stage":"2","offload_optimizer":{"device":"nvme"},"zenflow":{"select_strategy":"step","select_interval":4}}},"dataloader_len":10})",
          R"({"deepspeed_config":{"train_batch_size":8,"zero_optimization":{"stage":2,"offload_optimizer":{"device":"cpu"},"zenflow":{"topk_ratio":1.5}}}})",
          R"({"deepspeed_config":{"train_batch_size":8,"zero_optimization":{"stage":1,"offload_optimizer":{"device":"cpu"},"zenflow":5}}})",
          R"({"deepspeed_config":{"train_batch_size":8,"zenflow":{},"zero_optimization":{"stage":2,"offload_optimizer":{"device":"cpu"}}}})",
          R"({"deepspeed_config":{"train_batch_size":8,"zero_optimization":{"zenflow":{}}}})",
          R"({"deepspeed_config":{"train_batch_size":8,"train_micro_batch_size_per_gpu":3,"zero_optimization":{"stage":2,"offload_optimizer":{"device":"cpu"},"zenflow":{}}},"world_size":2})",
          // An extra ZeRO key "zenflow." (or "zenflow.x") reads as a path into the block; found by
          // whole_config_fuzzer.
          R"({"deepspeed_config":{"train_batch_size":8,"zero_optimization":{"stage":1,"offload_optimizer":{"device":"cpu"},"zenflow.":{"select_strategy":"step"}}},"world_size":2})",
          R"({"deepspeed_config":{"train_batch_size":8,"zero_optimization":{"stage":1,"offload_optimizer":{"device":"cpu"},"zenflow":{"topk_ratio":0.5},"zenflow.topk_ratio":1}}})",
      }) {
    Case c = case_of(json);
    for (auto body : kBodies) EXPECT_EQ(body(c, ProfileSet::builtin()), std::nullopt) << json;
  }
}

TEST(MetamorphicBodies, theirComparisonNamesTheProfileAndTheDifference) {
  auto v = same_under_every_profile("they should agree", case_of(R"({"zenflow":{}})"),
                                    case_of(R"({"zenflow":{"select_strategy":"step","select_interval":10}})"),
                                    ProfileSet::builtin());
  ASSERT_TRUE(v);
  EXPECT_NE(v->find("under deepspeed-edaa722, they should agree"), std::string::npos) << *v;
  EXPECT_NE(v->find("resolved ("), std::string::npos) << *v;
}

TEST(MetamorphicBodies, theirComparisonSeesDeepSpeedsViewAlone) {
  Case whole = case_of(
      R"({"deepspeed_config":{"train_batch_size":8,"zero_optimization":{"stage":2,"offload_optimizer":{"device":"cpu"},"zenflow":{"update_interval":2}}}})");
  Result a = evaluate(whole, ProfileSet::builtin().at("pr-8456"));
  Result b = a;
  ASSERT_TRUE(b.deepspeed);
  b.deepspeed->batch.gradient_accumulation_steps = py::Int(1);
  auto v = differences("the results", a, b);
  ASSERT_TRUE(v);
  EXPECT_NE(v->find("deepspeed ("), std::string::npos) << *v;
}

}  // namespace
}  // namespace zfcheck::props
