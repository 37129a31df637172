// What the suite expects of a property run: that it holds, or that a recorded finding is found again.
//
// A property whose (profile, invariant) corpus/findings records as broken is a finding, not a failure:
// RapidCheck must falsify it, shrink it to the recorded minimal example or a simpler one (in
// harness/minimal_order), and the recorded example must still falsify it. Every other property must
// hold. The gtest drivers and the mutation check run and judge properties with these functions.
//
// One RapidCheck run stops at its first failure and shrinks it greedily, which ends in a local minimum:
// the failure it met first may belong to another family of counterexamples than the recorded one (for
// interval-not-negative, a negative select_interval in step mode rather than a negative
// steps_per_epoch). So a finding is searched for: RapidCheck runs again with the next seeds, each run
// shrinking its own first failure, until one shrinks to a case as simple as the recorded one.
#pragma once

#include "properties/suite/property_run.hpp"

#include <optional>
#include <string>

namespace zfcheck::props {

// How many RapidCheck runs a finding search makes at most.
inline constexpr int kMaxFindingRuns = 128;

// Runs the property as its expectation needs: once when it should hold (or when `reproduce` names
// it); when `recorded` (its recorded minimal example) is given, with seeds params.seed, params.seed + 1,
// ... until a shrunk counterexample is as simple as the recorded one, a run falsifies nothing, or
// kMaxFindingRuns runs were made; the run kept is the one with the simplest counterexample, or the
// one that found none.
PropertyRun run_for_expectation(const PropertySpec& spec, const ProfileSet& profiles,
                                const TestParams& params, const Case* recorded,
                                const ReproduceMap& reproduce = {});

// Nothing when the run meets the expectation; else why not, with the cases and the RC_PARAMS line.
// `recorded` is the recorded minimal example, null when the property is expected to hold.
std::optional<std::string> unmet_expectation(const PropertySpec& spec, const ProfileSet& profiles,
                                             const PropertyRun& run, const Case* recorded);

// The account of a run for the test log: RapidCheck's "OK, passed N tests" and the RC_TAG
// distribution, or the finding with its shrunk counterexample beside the recorded one.
std::string run_report(const PropertySpec& spec, const PropertyRun& run, const Case* recorded);

}  // namespace zfcheck::props
