// The profiles the fuzz targets judge with, and the property suite's hand-written properties of one domain
// checked on one case, the first that breaks aborting with its name. ZFCHECK_FUZZ_PLANT=<profile spec>
// (e.g. "pr-8456:steps_per_epoch_min_1=off") puts that mutant in place of its builtin profile, so that
// fuzz/self_test.sh and fuzz-smoke can show a target finds a planted defect.
#pragma once

#include "fuzz/fuzz_check.hpp"
#include "properties/suite/suite.hpp"

#include <cstdlib>

namespace zfcheck::fuzz {

inline const props::ProfileSet& judged_profiles() {
  static const props::ProfileSet profiles = [] {
    const char* plant = std::getenv("ZFCHECK_FUZZ_PLANT");
    if (plant == nullptr) return props::ProfileSet::builtin();
    auto mutant = find_profile(plant);
    if (!mutant) fail("ZFCHECK_FUZZ_PLANT: " + mutant.error(), plant);
    return props::ProfileSet::builtin().with(*mutant);
  }();
  return profiles;
}

inline void check_suite_properties(props::Domain domain, const Case& c, std::string_view input) {
  for (const props::PropertySpec* spec : props::hand_written_properties(domain)) {
    if (auto broke = spec->body(c, judged_profiles())) fail(spec->name + ": " + *broke, input);
  }
}

}  // namespace zfcheck::fuzz
