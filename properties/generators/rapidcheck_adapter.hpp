// The one home of RapidCheck's internal API (rc::detail): its test parameters, RC_PARAMS, reproduce
// points and running a property of one Case, as project types. Nothing else in the project names that
// API (properties/tests/rapidcheck_adapter_test.cpp checks it).
//
// Every property of the suite takes exactly one Case drawn from genCase() and draws nothing else, so a
// failure's ReproducePoint determines its counterexample: generate with the same random and size, then
// walk the shrink path. That is what RapidCheck itself does to reproduce.
#pragma once

#include "reference/evaluate.hpp"

#include <rapidcheck/Random.h>
#include <tl/expected.hpp>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

namespace zfcheck::props {

// How RapidCheck runs a property; the defaults are RapidCheck's.
struct TestParams {
  std::uint64_t seed = 0;
  int max_success = 100;       // cases that must hold for the property to pass
  int max_size = 100;          // the largest size a case is generated with
  int max_discard_ratio = 10;  // discarded cases allowed per case that held
  bool disable_shrinking = false;
};

// What reproduces one failure: the random state and size its case was generated with, and the shrinks
// taken from it (shrink_path.size() of them).
struct ReproducePoint {
  rc::Random random;
  int size = 0;
  std::vector<std::size_t> shrink_path;
};

// The failures to reproduce, by property id.
using ReproduceMap = std::unordered_map<std::string, ReproducePoint>;

// An RC_PARAMS value: the test parameters and the failures to reproduce.
struct RcParams {
  TestParams test;
  ReproduceMap reproduce;
};

// RC_PARAMS as RapidCheck read it on the process's first ask, which prints the configuration it uses.
RcParams rc_params_from_environment();

// An RC_PARAMS value (`seed=1 reproduce=...`) read by RapidCheck's own parser; its error when it is not one.
tl::expected<RcParams, std::string> parse_rc_params(const std::string& text);

// The `reproduce=...` entry of RC_PARAMS that names these failures (empty for none).
std::string reproduce_entry(const ReproduceMap& failures);

// The case a property drew for one failure; an error when the shrink path does not fit this build's
// generator.
tl::expected<Case, std::string> case_at(const ReproducePoint& point);

// What one case of a property comes to: the tag it is counted under (RC_TAG), and why it fails, if it does.
struct CaseVerdict {
  std::string tag;
  std::optional<std::string> failure;
};

// Per list of tags, how many cases that held carried it.
using TagCounts = std::map<std::vector<std::string>, int>;

// A property's shrunk failure as RapidCheck reports it.
struct ShrunkFailure {
  std::string description;  // the failing verdict's text
  ReproducePoint reproduce;
};

// What RapidCheck reported for a property.
struct CheckResult {
  int passed = 0;          // cases that held (before the failure, if one)
  TagCounts distribution;  // the tags of the cases that held, when none failed
  std::optional<ShrunkFailure> failed;
  std::optional<std::string> trouble;  // RapidCheck gave up or failed
};

// Runs the property `id` over Cases from genCase() with `params`, reproducing instead when `reproduce`
// names it.
CheckResult check_property(const std::string& id, const std::string& statement,
                           const std::function<CaseVerdict(const Case&)>& verdict, const TestParams& params,
                           const ReproduceMap& reproduce);

// RapidCheck's message for a property that held: "OK, passed N tests" and the distribution.
void print_success(std::ostream& out, int passed, const TagCounts& distribution);

}  // namespace zfcheck::props
