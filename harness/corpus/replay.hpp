// Replaying a reviewed seed: its case under each profile it names, or through another engine against one
// profile's expectations, compared field by field.
#pragma once

#include "harness/checks/engine.hpp"
#include "harness/corpus/expected_facts.hpp"
#include "harness/corpus/reviewed_case.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

struct Mismatch {
  std::string profile;  // the engine that produced the result
  FactDifference difference;
};

// Every field, under every profile of the seed, in which today's result departs from the seed.
std::vector<Mismatch> replay_reviewed_case(const ReviewedCase& seed);

// The seed's case through `engine` (upstream's code) against what the seed expects of the profile named
// `expected`: every field that departs, or nullopt when the seed records no expectation for that profile.
// Throws EngineFailure as the engine does.
std::optional<std::vector<Mismatch>> replay_reviewed_case(const ReviewedCase& seed, const Engine& engine,
                                                          std::string_view expected);

}  // namespace zfcheck
