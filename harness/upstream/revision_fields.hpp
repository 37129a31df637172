// A revision's own ZenFlowConfig fields as the runner reads them from pydantic (zf_upstream.py --schema),
// and the values zfcheck tries on a field the model does not know.
#pragma once

#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace zfcheck {

struct RevisionField {
  std::string name;
  std::string annotation;           // as the source writes it: "int", "Optional[int]", "Literal['a', 'b']"
  std::vector<std::string> kinds;   // what it accepts: "none", "bool", "int", "float", "str", "other"
  std::vector<py::Value> literals;  // a Literal's values
  std::vector<std::pair<std::string, py::Value>> bounds;  // "ge", "gt", "le", "lt" -> a number
  std::optional<py::Value> default_value;                 // none: required, or a default JSON cannot hold
};

// The runner's {"fields": [...]} (docs/upstream-engine.md, Fields zfcheck does not know), or what in it
// is not one.
tl::expected<std::vector<RevisionField>, std::string> revision_fields_from_value(const py::Value& schema);

// The fields the model's table (reference/zenflow_fields.hpp) does not list, in the revision's order.
std::vector<RevisionField> unknown_fields(const std::vector<RevisionField>& fields);

// The values tried on a field, each once, in this order: its default; null; each literal; per kind it
// accepts, the boundaries of that type (bool: true, false; int: 0, 1, -1, 2^63-1; float: 0.0, 0.5, 1.0,
// -1.0; str: "", "auto", "x"); each bound and a step either side (1 for an integer bound, 0.5 for a
// float one); then a wrong type for each kind it does not accept ("x", 1, 1.5, true) and [].
std::vector<py::Value> values_to_try(const RevisionField& field);

}  // namespace zfcheck
