// Replay of one seed: evaluate, take the expectation fields, compare.
#include "harness/corpus/replay.hpp"

namespace zfcheck {

namespace {

void add_mismatches(const ExpectedFacts& expected, const Case& c, const Result& r, const std::string& engine,
                    std::vector<Mismatch>& out) {
  for (FactDifference& d : differences(expected, expectation_of(c, r))) out.push_back({engine, std::move(d)});
}

}  // namespace

std::vector<Mismatch> replay_reviewed_case(const ReviewedCase& seed) {
  std::vector<Mismatch> out;
  for (const ProfileExpectation& pe : seed.expect)
    add_mismatches(pe.expect, seed.c, evaluate(seed.c, pe.profile), pe.profile.name, out);
  return out;
}

std::optional<std::vector<Mismatch>> replay_reviewed_case(const ReviewedCase& seed, const Engine& engine,
                                                          std::string_view expected) {
  for (const ProfileExpectation& pe : seed.expect) {
    if (pe.profile.name != expected) continue;
    std::vector<Mismatch> out;
    add_mismatches(pe.expect, seed.c, evaluate_one(engine, seed.c), engine.name(), out);
    return out;
  }
  return std::nullopt;
}

}  // namespace zfcheck
