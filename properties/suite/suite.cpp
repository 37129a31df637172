// The list of properties: generated for every invariant and profile, then the hand-written ones.
#include "properties/suite/suite.hpp"

#include "harness/checks/invariants.hpp"
#include "properties/suite/context_metamorphic.hpp"
#include "properties/suite/differential.hpp"
#include "properties/suite/input_metamorphic.hpp"
#include "properties/suite/invariant_bodies.hpp"
#include "properties/suite/schedule_bodies.hpp"
#include "properties/suite/whole_config_bodies.hpp"

#include <algorithm>
#include <cctype>

namespace zfcheck::props {

namespace {

std::vector<std::string> every_builtin_profile() {
  std::vector<std::string> names;
  for (const Profile& p : builtin_profiles()) names.push_back(p.name);
  return names;
}

PropertySpec invariant_property(const Invariant& invariant, const std::string& profile) {
  return PropertySpec{camel_case(profile, false) + "Keeps" + camel_case(invariant.name, true),
                      "under " + profile + ", every result keeps " + std::string(invariant.name) + ": " +
                          std::string(invariant.statement),
                      {profile},
                      std::string(invariant.name),
                      [&invariant, profile](const Case& c, const ProfileSet& profiles) {
                        return keeps_invariant(invariant, profile, c, profiles);
                      },
                      Domain::zenflow_block};
}

PropertySpec model_property(Domain domain, std::string name, std::string statement,
                            std::vector<std::string> profiles,
                            std::optional<Failure> (*body)(const Case&, const ProfileSet&)) {
  return PropertySpec{std::move(name), std::move(statement), std::move(profiles), "", body, domain};
}

std::vector<PropertySpec> build_suite() {
  std::vector<PropertySpec> suite;
  for (const Profile& p : builtin_profiles()) {
    for (const Invariant& inv : invariants()) suite.push_back(invariant_property(inv, p.name));
  }
  const auto all = every_builtin_profile();
  suite.push_back(model_property(
      Domain::zenflow_block, "pr8274ChangesExactlyItsTwoBounds",
      "deepspeed-8274 differs from deepspeed-edaa722 only by rejecting a topk_ratio of 0 or 1 and a numeric "
      "update_interval below 1, both of which master accepts; a whole config differs only where its zenflow "
      "block alone does",
      {"deepspeed-edaa722", "deepspeed-8274"}, &pr8274_changes_exactly_its_two_bounds));
  suite.push_back(model_property(
      Domain::zenflow_block, "fixCommitChangesExactlyItsCases",
      "pr-8456 differs from pr-8456-4ffc94ea only by rejecting a steps_per_epoch below 1 and by treating an "
      "empty dataloader as none; a whole config differs only where its zenflow block alone does",
      {"pr-8456-4ffc94ea", "pr-8456"}, &fix_commit_changes_exactly_its_cases));
  suite.push_back(model_property(
      Domain::zenflow_block, "dataloaderCallersSeeNoChange",
      "with a non-empty dataloader, pr-8456 behaves as deepspeed-8274 on every config both accept, but for "
      "the Warning it now logs",
      {"deepspeed-8274", "pr-8456"}, &dataloader_callers_see_no_change));
  suite.push_back(
      model_property(Domain::zenflow_block, "autoBehavesAsAbsent",
                     "a key set to \"auto\" behaves as the key left out, wherever upstream drops it", all,
                     &auto_behaves_as_absent));
  suite.push_back(model_property(Domain::zenflow_block, "keyOrderDoesNotMatter",
                                 "writing the declared fields in another order changes nothing", all,
                                 &key_order_does_not_matter));
  suite.push_back(model_property(Domain::zenflow_block, "revalidatingTheConfigChangesNothing",
                                 "the validated config, fed back as the block, gives the same result", all,
                                 &revalidating_the_config_changes_nothing));
  suite.push_back(model_property(Domain::zenflow_block, "integralFloatsAgreeWithInts",
                                 "a declared field's integer written as a float (10 as 10.0) changes nothing",
                                 all, &integral_floats_agree_with_ints));
  suite.push_back(model_property(Domain::zenflow_block, "stagesOneAndTwoAgree",
                                 "stages 1 and 2 give the same result", all, &stages_one_and_two_agree));
  suite.push_back(model_property(Domain::zenflow_block, "stageThreeDiffersOnlyWhereOffloadIsOn",
                                 "stage 3 gives stage 2's result unless the config asks for offload", all,
                                 &stage_three_differs_only_where_offload_is_on));
  suite.push_back(
      model_property(Domain::zenflow_block, "selectionsArePrefixConsistent",
                     "a shorter run's selections are the start of a longer run's, and nothing else "
                     "depends on the horizon",
                     all, &selections_are_prefix_consistent));
  suite.push_back(model_property(Domain::zenflow_block, "resultDoesNotDependOnTheId",
                                 "a case's result does not depend on its id", all,
                                 &result_does_not_depend_on_the_id));
  suite.push_back(model_property(Domain::zenflow_block, "configErrorsIgnoreTheEngineContext",
                                 "a config error is the same whatever the dataloader, stage and horizon", all,
                                 &config_errors_ignore_the_engine_context));
  suite.push_back(model_property(Domain::zenflow_block, "selectionsFollowTheSelectPredicate",
                                 "the selections are the micro-steps where is_zenflow_select_boundary holds",
                                 all, &selections_follow_the_select_predicate));
  suite.push_back(model_property(Domain::whole_config, "wholeConfigGivesItsBlocksResult",
                                 "a whole config gives its zenflow block's result at the stage and "
                                 "overlap_comm DeepSpeed read (besides DeepSpeedConfig's own warnings), and "
                                 "its block's refusal",
                                 all, &whole_config_gives_its_blocks_result));
  suite.push_back(
      model_property(Domain::whole_config, "batchTripleHolds",
                     "wherever DeepSpeed accepts a whole config, train_batch_size is the micro batch "
                     "x gradient_accumulation_steps x world size, and ZenFlow changes only the "
                     "accumulation, to the engine's update interval",
                     all, &batch_triple_holds));
  suite.push_back(
      model_property(Domain::whole_config, "derivableBatchValuesMayBeLeftOut",
                     "a config that gives all three batch values DeepSpeed accepts gives the same "
                     "result without any one of them (a value derived with a float world size is the "
                     "float of the one given), elastic training off",
                     all, &derivable_batch_values_may_be_left_out));
  suite.push_back(model_property(Domain::whole_config, "zeroDefaultsWrittenOutChangeNothing",
                                 "writing overlap_comm or stage as ZeRO's default changes nothing, but for "
                                 "the ZeRO-3 elastic checkpointing warning an unset overlap_comm logs again",
                                 all, &zero_defaults_written_out_change_nothing));
  suite.push_back(
      model_property(Domain::whole_config, "sumAllreduceIsRefusedOnlyWithStage3OrZenflow",
                     "gradient_allreduce_op \"sum\" is refused at ZeRO stage 3 and with a zenflow "
                     "block, and gives \"mean\"'s result anywhere else",
                     all, &sum_allreduce_is_refused_only_with_stage_3_or_zenflow));
  suite.push_back(model_property(Domain::whole_config, "zeroStageOutsideItsEnumIsRefused",
                                 "a ZeRO stage of -1 or 4 is refused at zero_optimization.stage", all,
                                 &zero_stage_outside_its_enum_is_refused));
  return suite;
}

}  // namespace

std::string camel_case(std::string_view kebab, bool capitalise_first) {
  std::string out;
  bool word_start = capitalise_first;
  for (char ch : kebab) {
    if (ch == '-') {
      word_start = true;
      continue;
    }
    bool digit = std::isdigit(static_cast<unsigned char>(ch)) != 0;
    if (word_start && digit && !out.empty() && std::isdigit(static_cast<unsigned char>(out.back())))
      out += '_';
    out += word_start ? static_cast<char>(std::toupper(static_cast<unsigned char>(ch))) : ch;
    word_start = false;
  }
  return out;
}

const std::vector<PropertySpec>& property_suite() {
  static const std::vector<PropertySpec> suite = build_suite();
  return suite;
}

std::string_view domain_name(Domain domain) {
  switch (domain) {
    case Domain::whole_config:
      return "whole config";
    case Domain::topk:
      return "top-k";
    case Domain::zenflow_block:
      break;
  }
  return "zenflow block";
}

const std::vector<TopkPropertySpec>& topk_property_suite() {
  static const std::vector<TopkPropertySpec> suite{
      {"kernelAgreesWithTheOracle",
       "under upstream's 1-D rule and the fixed one, the kernel algorithm's CPU build passes its judgement "
       "against the oracle",
       &kernel_agrees_with_the_oracle},
      {"oracleBreaksOnlyUpstreamsKnownFindings",
       "under either 1-D rule the oracle breaks no top-k invariant upstream is not known to break, and the "
       "fixed rule scores every column from its own gradient",
       &oracle_breaks_only_upstreams_known_findings},
      {"scoresOwnColumnsBreaksOnlyWhereReadElsewhere",
       "topk-scores-own-columns breaks only where a ranked parameter is read from elsewhere in the bucket, "
       "which happens only at stages 1/2 under upstream's rule",
       &scores_own_columns_breaks_only_where_read_elsewhere},
  };
  return suite;
}

std::vector<const PropertySpec*> hand_written_properties(Domain domain) {
  std::vector<const PropertySpec*> out;
  for (const PropertySpec& spec : property_suite()) {
    if (spec.invariant.empty() && spec.domain == domain) out.push_back(&spec);
  }
  return out;
}

const PropertySpec* find_property(std::string_view name) {
  const auto& suite = property_suite();
  auto it = std::find_if(suite.begin(), suite.end(), [&](const PropertySpec& p) { return p.name == name; });
  return it == suite.end() ? nullptr : &*it;
}

}  // namespace zfcheck::props
