// `profiles fit`: which settings of the model's switches reproduce an engine (upstream at a revision) on a grid.
#pragma once

#include "harness/checks/engine.hpp"
#include "harness/upstream/conformance.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace zfcheck {

struct SwitchFit {
  std::uint64_t cases = 0;
  std::vector<Switches> exact;     // every setting whose results equal the engine's on every case
  // The setting with the fewest differing cases (an exact one: none), counted exactly; ties go to the
  // setting fewest switches away from a built-in profile, then to the first in kSwitches' order of bits.
  Switches nearest;
  std::uint64_t nearest_differing = 0;
  DisagreementSummary disagreements;  // the nearest setting against the engine, by field ("model" = nearest)
};

// Every setting of the config switches (reference/profile.hpp's kSwitches of SwitchScope::config; the
// selection switches keep their defaults, since no config case can observe them) against `target` on `grid`;
// the target is evaluated once, a batch at a time, each setting that can still be the nearest on the same
// batch (then once more for the nearest's disagreements, where it is not exact).
SwitchFit fit_switches(const SweepGrid& grid, const Engine& target, Progress* progress);

// "name=on,name=off,..." for the config switches in kSwitches order, and the built-in profile with exactly these switches ("" if none).
std::string switches_text(const Switches& switches);
std::string profile_with(const Switches& switches);

}  // namespace zfcheck
