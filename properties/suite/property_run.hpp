// Running one property of the suite through RapidCheck's programmatic API.
//
// The same function serves the gtest drivers, the finding check and the mutation check, so every driver
// sees the same generator, tags and messages. RapidCheck's own listener is not used: a driver prints
// what it expects to print (reproduce_params() for the RC_PARAMS line of an unexpected failure).
#pragma once

#include "properties/suite/suite.hpp"

#include <rapidcheck/detail/Property.h>
#include <rapidcheck/detail/Results.h>
#include <rapidcheck/detail/TestParams.h>

#include <optional>
#include <string>
#include <unordered_map>

namespace zfcheck::props {

using ReproduceMap = std::unordered_map<std::string, rc::detail::Reproduce>;

// A property's shrunk counterexample and what RapidCheck reported for it.
struct Falsification {
  Case counterexample;
  std::string description;  // the body's verdict, the case as an eval line, the commands that replay it
  rc::detail::Reproduce reproduce;  // shrinkPath.size() shrinks were taken
};

struct PropertyRun {
  int passed = 0;                         // cases that held (before the failure, if one), over all runs
  int runs = 1;                           // RapidCheck runs it took (a finding search makes several)
  rc::detail::Distribution distribution;  // the RC_TAG branches of the cases that held
  std::optional<Falsification> falsified;
  std::optional<std::string> trouble;  // RapidCheck gave up or failed, or a failure could not be decoded
  bool skipped = false;                // `reproduce` names other properties only
};

// The property as RapidCheck runs it: one Case from genCase(), tagged with the branch it takes under
// the spec's first profile, failing with failure_text() when the body finds a violation.
rc::detail::Property as_rapidcheck_property(const PropertySpec& spec, const ProfileSet& profiles);

// Runs the property with `params`, reproducing instead when `reproduce` is not empty (the map of
// RC_PARAMS="reproduce=...").
PropertyRun run_property(const PropertySpec& spec, const ProfileSet& profiles,
                         const rc::detail::TestParams& params, const ReproduceMap& reproduce = {});

// What a failing case reports: the verdict, the case as an eval-format line, and per profile of the
// spec the command that replays it (`echo '<line>' | zfcheck check --profile P`).
std::string failure_text(const PropertySpec& spec, const Case& c, const std::string& verdict);

}  // namespace zfcheck::props
