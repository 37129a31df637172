// Replaying a reviewed seed: its case under each profile it names, compared with its expectations.
#pragma once

#include "harness/checks/expected_facts.hpp"
#include "harness/checks/reviewed_case.hpp"

#include <string>
#include <vector>

namespace zfcheck {

struct Mismatch {
  std::string profile;
  FactDifference difference;
};

// Every field, under every profile of the seed, in which today's result departs from the seed.
std::vector<Mismatch> replay_reviewed_case(const ReviewedCase& seed);

}  // namespace zfcheck
