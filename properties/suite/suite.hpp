// The property suite: every property zfcheck checks, by name, with its body.
//
// One property per invariant of the registry and builtin profile ("<profile>Keeps<Invariant>"; where
// corpus/findings records the profile breaking it, the suite asserts the finding instead), the
// profile-pair properties of differential.hpp, and the model's metamorphic and schedule properties.
// The RapidCheck tests, the mutation check and `zfcheck` all take the list from here.
#pragma once

#include "properties/suite/failure.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace zfcheck::props {

struct PropertySpec {
  std::string name;       // a sentence in camelCase: the test's name and RapidCheck's id for it
  std::string statement;  // what it claims, in one line
  // The builtin profiles a failing case is replayed under (`zfcheck check --profile P`); the first one
  // also classifies the generated cases (RC_TAG).
  std::vector<std::string> profiles;
  std::string invariant;  // an invariant property's invariant (findings are recorded per profile); else empty
  Body body;
};

const std::vector<PropertySpec>& property_suite();
const PropertySpec* find_property(std::string_view name);

// "pr-8456-4ffc94ea" -> "pr8456_4ffc94ea", "reselects-or-warns" -> "ReselectsOrWarns" (first letter as is).
std::string camel_case(std::string_view kebab, bool capitalise_first);

}  // namespace zfcheck::props
