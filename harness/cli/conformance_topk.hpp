// `zfcheck conformance --topk`: top-k problems through the oracle under a profile and through upstream's own
// selection code (zf_topk_upstream.py), compared rank by rank and parameter by parameter.
#pragma once

#include "harness/cli/engine_choice.hpp"
#include "reference/profile.hpp"

#include <cstddef>
#include <cstdint>
#include <string>

namespace zfcheck::cli {

// Where the problems come from: a file ("-": standard input), `generated` problems drawn from `seed`, or
// (neither) the top-k grid.
struct TopkProblemSource {
  std::string file;
  std::size_t generated = 0;
  std::uint64_t seed = 1;
};

// The exit status: 0 full agreement, 1 a disagreement, 2 a line that is not a problem, a runner failure or
// bad usage.
int run_topk_conformance(const Profile& profile, const EngineChoice& engine, const TopkProblemSource& source);

}  // namespace zfcheck::cli
