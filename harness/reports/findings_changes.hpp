// A profile's recorded findings (corpus/findings/<profile>.json) against a fresh sweep.
#pragma once

#include "harness/checks/sweep.hpp"
#include "reference/py_value.hpp"

#include <string>
#include <vector>

namespace zfcheck {

// Every way `swept` departs from `recorded` (a sweep_report_json() document, parsed): a finding
// that is new, one that vanished, one whose count, example or result changed; under a finding kept, a
// cause that is new, one that vanished, one whose count, example or result changed (the cause's text
// names it); a different profile or grid size, or a recorded document that is not a sweep report; and,
// where the sweep has top-k findings, the same of those ("new top-k finding ...", a top-k grid size).
// Empty when they agree.
std::vector<std::string> findings_differences(const py::Value& recorded, const SweepReport& swept);

}  // namespace zfcheck
