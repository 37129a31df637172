// Properties of the selection schedule against its definition, evaluated the slow, literal way.
#pragma once

#include "properties/suite/failure.hpp"

namespace zfcheck::props {

// The selections are exactly the micro-steps m in [0, micro_steps) at which upstream's
// is_zenflow_select_boundary holds for the resolved interval S and warm-up W, computed with Python's
// integers step by step: (m - W) >= 0 and ((m - W) == 0 or (S != 0 and m % S == 0)).
std::optional<Failure> selections_follow_the_select_predicate(const Case& c,
                                               const ProfileSet& profiles = ProfileSet::builtin());

}  // namespace zfcheck::props
