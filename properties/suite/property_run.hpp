// Running one property of the suite through RapidCheck (check_property of the RapidCheck adapter).
//
// The same function serves the gtest drivers, the finding check and the mutation check, so every driver
// sees the same generator, tags and messages. RapidCheck reports nothing itself: a driver prints what it
// expects to print (reproduce_params() for the RC_PARAMS line of an unexpected failure).
#pragma once

#include "properties/generators/rapidcheck_adapter.hpp"
#include "properties/suite/suite.hpp"

#include <optional>
#include <string>

namespace zfcheck::props {

// A property's shrunk counterexample and what RapidCheck reported for it.
struct Falsification {
  Case counterexample;
  std::string description;   // the body's verdict, the case as an eval line, the commands that replay it
  ReproducePoint reproduce;  // shrink_path.size() shrinks were taken
};

struct PropertyRun {
  int passed = 0;          // cases that held (before the failure, if one), over all runs
  int runs = 1;            // RapidCheck runs it took (a finding search makes several)
  TagCounts distribution;  // the RC_TAG branches of the cases that held
  std::optional<Falsification> falsified;
  std::optional<std::string> trouble;  // RapidCheck gave up or failed, or a failure could not be decoded
  bool skipped = false;                // `reproduce` names other properties only
};

// Runs the property with `params`, reproducing instead when `reproduce` is not empty (the map of
// RC_PARAMS="reproduce=..."): one Case from genCase() at a time, tagged with the branch it takes under
// the spec's first profile, failing with failure_text() when the body finds a violation.
PropertyRun run_property(const PropertySpec& spec, const ProfileSet& profiles, const TestParams& params,
                         const ReproduceMap& reproduce = {});

// What a failing case reports: the verdict, the case as an eval-format line, and per profile of the
// spec the command that replays it (`echo '<line>' | zfcheck check --profile P`).
std::string failure_text(const PropertySpec& spec, const Case& c, const std::string& verdict);

}  // namespace zfcheck::props
