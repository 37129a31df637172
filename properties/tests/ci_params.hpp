// The RapidCheck parameters CI runs the property suite with (property_main.cpp sets them when RC_PARAMS
// is unset), and the bounds the checks that run many properties at once keep to.
#pragma once

#include <cstddef>

namespace zfcheck::props::testing {

inline constexpr const char* kCiParams = "seed=8456 max_success=5000";

// The mutation check runs every property against 32 mutants; it keeps to this many cases per run
// whatever RC_PARAMS asks (overnight runs scale the suite, not the mutation check).
inline constexpr int kMutationMaxSuccess = 1000;

// How many generated cases the mutation check searches, after the sweep grid, for a case that tells an
// undetected mutant from its profile.
inline constexpr std::size_t kMutationSamples = 50'000;

}  // namespace zfcheck::props::testing
