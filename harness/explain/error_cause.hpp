// The setting behind an error DeepSpeedConfig raises without naming a field (a TypeError of a comparison, a
// ValueError of a conversion): found by taking the config's settings out one at a time.
#pragma once

#include "harness/checks/engine.hpp"

#include <optional>
#include <string>

namespace zfcheck {

struct ErrorCause {
  std::string path;       // dotted, from the config's top
  py::Value value;        // as the config gives it
  bool accepted = false;  // without it DeepSpeed accepts the config (else it raises something else)
};

// For a whole-config case DeepSpeed refuses (config_error) with an error that names no field: the first
// setting, in the config's order (the values inside objects, three levels deep), without which `engine` no
// longer raises that error: preferring one without which the config is accepted, else one without which
// another error comes instead. Nothing otherwise, or when no single setting makes the difference.
std::optional<ErrorCause> error_cause(const Case& c, const Result& r, const Engine& engine);

}  // namespace zfcheck
