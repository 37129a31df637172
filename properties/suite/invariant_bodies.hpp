// The invariant properties: one body per invariant of the registry and profile, the case's result kept.
#pragma once

#include "harness/checks/invariants.hpp"
#include "properties/suite/failure.hpp"

#include <string_view>

namespace zfcheck::props {

// Under builtin profile `profile` (as `profiles` has it), the result of `c` keeps `invariant`.
std::optional<Failure> keeps_invariant(const Invariant& invariant, std::string_view profile, const Case& c,
                        const ProfileSet& profiles = ProfileSet::builtin());

}  // namespace zfcheck::props
