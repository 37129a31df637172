// A profile's selection rules (its SwitchScope::selection switches) applied to a top-k problem.
#pragma once

#include "kernels/oracle/topk_problem.hpp"
#include "reference/profile.hpp"

namespace zfcheck {

// `zfcheck topk --profile`, the top-k sweep, top-k conformance and the GPU pack's agreement.
inline void apply_selection_rules(ColumnsProblem& layout, const Switches& rules) {
  layout.one_d_params_shift_offsets = rules.one_d_params_shift_offsets;
}

}  // namespace zfcheck
