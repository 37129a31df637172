// The invariant properties: one body per invariant of the registry and profile, the case's result kept.
#pragma once

#include "harness/invariants.hpp"
#include "properties/verdict.hpp"

#include <string_view>

namespace zfcheck::props {

// Under builtin profile `profile` (as `profiles` has it), the result of `c` keeps `invariant`.
Verdict keeps_invariant(const Invariant& invariant, std::string_view profile, const Case& c,
                        const ProfileSet& profiles = ProfileSet::builtin());

}  // namespace zfcheck::props
