// Replay of one seed: evaluate, take the expectation fields, compare.
#include "harness/checks/replay.hpp"

namespace zfcheck {

std::vector<Mismatch> replay_reviewed_case(const ReviewedCase& seed) {
  std::vector<Mismatch> out;
  for (const ProfileExpectation& pe : seed.expect) {
    ExpectedFacts now = expectation_of(seed.c, evaluate(seed.c, pe.profile));
    for (FactDifference& d : differences(pe.expect, now))
      out.push_back({pe.profile.name, std::move(d)});
  }
  return out;
}

}  // namespace zfcheck
