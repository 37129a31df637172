// Replaying a reviewed seed: its case under each profile it names, compared with its expectations.
#pragma once

#include "harness/expectation.hpp"
#include "harness/seed.hpp"

#include <string>
#include <vector>

namespace zfcheck {

struct Mismatch {
  std::string profile;
  ExpectationDifference difference;
};

// Every field, under every profile of the seed, in which today's result departs from the seed.
std::vector<Mismatch> replay_seed(const Seed& seed);

}  // namespace zfcheck
