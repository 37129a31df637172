// A whole-config case's zenflow block as a block case, and the config without it: what the bodies compare
// a whole config with.
#pragma once

#include "reference/evaluate.hpp"

#include <optional>

namespace zfcheck::props {

// The block at zero_optimization.zenflow of `whole`'s deepspeed_config (none where the config has none:
// ZenFlow off) with `whole`'s dataloader and micro-steps, run at `context`'s stage and overlap_comm when
// given (what DeepSpeed read from the config), else at the block cases' defaults.
Case block_of_whole_config(const Case& whole, const std::optional<DeepSpeedView>& context);

// `whole` without zero_optimization.zenflow (the same case where there is none to take out).
Case without_zenflow_block(const Case& whole);

}  // namespace zfcheck::props
