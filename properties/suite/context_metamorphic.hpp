// Metamorphic properties of the engine context: what the stage, the horizon, the id and the dataloader
// may and may not change, under every profile.
#pragma once

#include "properties/suite/failure.hpp"

namespace zfcheck::props {

// Stages 1 and 2 run the same code (engine.py, zenflow_stage_1_and_2.py): the same result.
std::optional<Failure> stages_one_and_two_agree(const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

// Stage 3 (engine_stage3.py, overlap_comm on by default) differs from stage 2 only where the config
// asks for offload (stages 1/2 then raise AssertionError).
std::optional<Failure> stage_three_differs_only_where_offload_is_on(const Case& c,
                                                     const ProfileSet& profiles = ProfileSet::builtin());

// The selections of a shorter run are the prefix of a longer run's, and nothing else depends on the
// horizon.
std::optional<Failure> selections_are_prefix_consistent(const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

// A case's result does not depend on its id (the id is only echoed).
std::optional<Failure> result_does_not_depend_on_the_id(const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

// Validation sees only the block: a config error stays the same config error whatever the dataloader,
// stage and horizon.
std::optional<Failure> config_errors_ignore_the_engine_context(const Case& c,
                                                const ProfileSet& profiles = ProfileSet::builtin());

}  // namespace zfcheck::props
