// RapidCheck's reproduce strings to the failing cases they stand for, and back.
//
// Every property of the suite takes exactly one Case drawn from genCase() and draws nothing else, so a
// failure's Reproduce {random, size, shrinkPath} determines its counterexample: generate with the same
// random and size, then walk the shrink path. That is what RapidCheck itself does to reproduce.
#pragma once

#include "reference/evaluate.hpp"

#include <rapidcheck/detail/Results.h>
#include <tl/expected.hpp>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace zfcheck::props {

// The failing case of each property a reproduce string names, sorted by property id. Takes what
// RapidCheck prints, `RC_PARAMS="reproduce=..."`, or only its value (`reproduce=...`, other keys
// allowed); an error for a string that is not one or a shrink path this build's generator cannot walk.
tl::expected<std::vector<std::pair<std::string, Case>>, std::string> cases_from_reproduce(
    std::string_view rc_params);

// The case a property drew for one failure.
tl::expected<Case, std::string> case_at(const rc::detail::Reproduce& reproduce);

// `RC_PARAMS="reproduce=..."` for one property's failure.
std::string reproduce_params(const std::string& property_id, const rc::detail::Reproduce& reproduce);

}  // namespace zfcheck::props
