// Replay of one seed: evaluate, take the expectation fields, compare.
#include "harness/replay.hpp"

namespace zfcheck {

std::vector<Mismatch> replay_seed(const Seed& seed) {
  std::vector<Mismatch> out;
  for (const ProfileExpectation& pe : seed.expect) {
    Expectation now = expectation_of(seed.c, evaluate(seed.c, pe.profile));
    for (ExpectationDifference& d : differences(pe.expect, now))
      out.push_back({pe.profile.name, std::move(d)});
  }
  return out;
}

}  // namespace zfcheck
