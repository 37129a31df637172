// RapidCheck's reproduce strings to the failing cases they stand for, and back.
#pragma once

#include "properties/generators/rapidcheck_adapter.hpp"

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

// `RC_PARAMS="reproduce=..."` for one property's failure.
std::string reproduce_params(const std::string& property_id, const ReproducePoint& reproduce);

}  // namespace zfcheck::props
