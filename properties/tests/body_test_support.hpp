// What the body tests share: cases from JSON lines, and the builtin profiles with one switch flipped.
#pragma once

#include "harness/io/case_io.hpp"
#include "harness/tests/test_support.hpp"
#include "properties/suite/profile_set.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

namespace zfcheck::props::testing {

using zfcheck::testing::case_of;

// The builtin set with the profile `spec` names ("pr-8456:warning_raises=on") standing for its builtin.
inline ProfileSet with_mutant(std::string_view spec) {
  auto p = find_profile(spec);
  if (!p) throw std::invalid_argument(p.error());
  return ProfileSet::builtin().with(*p);
}

}  // namespace zfcheck::props::testing
