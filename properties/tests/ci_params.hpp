// The RapidCheck parameters CI runs the property suite with (property_main.cpp sets them when RC_PARAMS
// is unset), and the bounds the checks that run many properties at once keep to.
#pragma once

namespace zfcheck::props::testing {

inline constexpr const char* kCiParams = "seed=8456 max_success=1000";

}  // namespace zfcheck::props::testing
