// The property suite: every property zfcheck checks, by name, with its body.
//
// One property per invariant of the registry and builtin profile ("<profile>Keeps<Invariant>"; where
// corpus/findings records the profile breaking it, the suite asserts the finding instead), the
// profile-pair properties of differential.hpp, and the model's metamorphic and schedule properties.
// The RapidCheck tests, the mutation check, `zfcheck`, the fuzz targets and the READMEs' lists all take
// the list from here: a property is declared once, with its domain.
#pragma once

#include "properties/suite/failure.hpp"
#include "properties/suite/topk_bodies.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace zfcheck::props {

// The inputs a property is about, and so which fuzz target checks it besides RapidCheck:
// - zenflow_block: any case, a zenflow block in its engine context (whole configs among them, as genCase
//   draws them). The invariant properties are checked by config_fuzzer (against the recorded findings),
//   the hand-written ones by profile_diff_fuzzer.
// - whole_config: a case holding a whole DeepSpeed config; on any other case the body holds. Checked by
//   whole_config_fuzzer.
// - topk: a top-k selection problem (docs/topk-format.md), the top-k properties' list below. Checked by
//   topk_fuzzer.
enum class Domain { zenflow_block, whole_config, topk };

// "zenflow block", "whole config" or "top-k", as the READMEs write it.
std::string_view domain_name(Domain domain);

struct PropertySpec {
  std::string name;       // a sentence in camelCase: the test's name and RapidCheck's id for it
  std::string statement;  // what it claims, in one line
  // The builtin profiles a failing case is replayed under (`zfcheck check --profile P`); the first one
  // also classifies the generated cases (RC_TAG).
  std::vector<std::string> profiles;
  std::string invariant;  // an invariant property's invariant (findings are recorded per profile); else empty
  Body body;
  Domain domain = Domain::zenflow_block;
};

const std::vector<PropertySpec>& property_suite();
// The hand-written properties (no invariant's) of one domain, in the suite's order.
std::vector<const PropertySpec*> hand_written_properties(Domain domain);
const PropertySpec* find_property(std::string_view name);

// A property of the top-k domain: a body of one selection problem, driven by RapidCheck over
// genSelectionProblem (properties/tests) and by topk_fuzzer.
struct TopkPropertySpec {
  std::string name;
  std::string statement;
  std::optional<Failure> (*body)(const SelectionProblem&);
};

const std::vector<TopkPropertySpec>& topk_property_suite();

// "pr-8456-4ffc94ea" -> "pr8456_4ffc94ea", "reselects-or-warns" -> "ReselectsOrWarns" (first letter as is).
std::string camel_case(std::string_view kebab, bool capitalise_first);

}  // namespace zfcheck::props
