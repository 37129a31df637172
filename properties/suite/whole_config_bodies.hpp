// Properties of whole DeepSpeed configs, under every profile: the zenflow block gives its own result in the
// ZeRO context DeepSpeed read, the batch triple holds with only the accumulation changed by ZenFlow, a
// derivable batch value may be left out, ZeRO's defaults written out change nothing, and DeepSpeedConfig's
// own refusals (allreduce "sum", the stage range) hold.
#pragma once

#include "properties/suite/failure.hpp"

namespace zfcheck::props {

// A whole config gives its zenflow block's result (docs/eval-format.md): where DeepSpeedConfig accepts it
// and ZenFlow can run (stage 3, or stage 1/2 offloading the optimizer), the block alone at the stage and
// overlap_comm DeepSpeed read gives the same outcome, config, schedule and warnings; where DeepSpeed
// refuses the block itself (an error at zero_optimization.zenflow), the block alone is refused the same way.
std::optional<Failure> whole_config_gives_its_blocks_result(
    const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

// DeepSpeed's batch triple holds wherever DeepSpeedConfig accepts a config: without its zenflow block,
// train_batch_size = train_micro_batch_size_per_gpu x gradient_accumulation_steps x world size; with it,
// the same batch sizes, the accumulation changed only where ZenFlow's engine set-up ran (then it is the
// engine's update interval).
std::optional<Failure> batch_triple_holds(const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

// A batch value DeepSpeed can derive may be left out: where a config gives train_batch_size,
// train_micro_batch_size_per_gpu and gradient_accumulation_steps and DeepSpeed accepts them, the config
// without any one of them gives the same result.
std::optional<Failure> derivable_batch_values_may_be_left_out(
    const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

// ZeRO's defaults written out change nothing: a zero_optimization section without overlap_comm gives the
// result it gives with overlap_comm written as its default (true at stage 3, false below), and one without
// stage the result it gives with stage 0.
std::optional<Failure> zero_defaults_written_out_change_nothing(
    const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

// gradient_allreduce_op "sum" is refused exactly where _do_error_check refuses it: a config that
// DeepSpeedConfig accepts with "mean" is refused with "sum" (ValueError) at ZeRO stage 3, else where
// zero_optimization holds a zenflow block (not null); anywhere else "sum" gives "mean"'s result.
std::optional<Failure> sum_allreduce_is_refused_only_with_stage_3_or_zenflow(
    const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

// ZeRO's stage is 0 to 3: a config DeepSpeedConfig accepts is refused with stage -1 or 4 (ValidationError at
// zero_optimization.stage).
std::optional<Failure> zero_stage_outside_its_enum_is_refused(
    const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

}  // namespace zfcheck::props
