// pydantic v2's lax-mode validation of Python inputs, for the field types ZenFlowConfig declares.
//
// These follow pydantic-core (the version upstream pins through pydantic 2.13): how a str, bool,
// float or unbounded int becomes a float, an int, a bool, a str or a `Union[str, int]`, and which
// error type each refusal carries. Inputs are what json.loads produces.
#pragma once

#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <optional>
#include <string_view>
#include <variant>
#include <vector>

namespace zfcheck::pydantic {

// One entry of a pydantic ValidationError, before the field name is attached.
struct Issue {
  std::string_view type;     // pydantic's error type, e.g. "int_parsing"
  std::string_view message;  // pydantic's message for it
  std::string_view branch;   // for a union member error, the member ("str" or "int"); else empty
};

using StrOrInt = std::variant<py::Str, py::Int>;

tl::expected<double, Issue> lax_float(const py::Value& input);
tl::expected<py::Int, Issue> lax_int(const py::Value& input);
tl::expected<bool, Issue> lax_bool(const py::Value& input);
tl::expected<py::Str, Issue> lax_str(const py::Value& input);
// Smart-mode `Union[str, int]`: a str stays a str, everything else goes through the int rules; a
// failure reports both members' errors, str first.
tl::expected<StrOrInt, std::vector<Issue>> lax_str_or_int(const py::Value& input);

// The constraint of ZenFlowConfig's float fields: `Field(ge=0.0, le=1.0)`, or with `open`,
// `Field(gt=0.0, lt=1.0)`. pydantic checks le, lt, ge, gt in that order, so NaN fails the upper bound.
std::optional<Issue> check_unit_interval(double value, bool open);

// pydantic-core's text-to-number rules (exposed for tests).
tl::expected<py::Int, Issue> str_as_int(std::string_view text);
tl::expected<double, Issue> str_as_float(std::string_view text);
// Rust's `str::parse::<f64>()`: no surrounding space, no underscores, "inf"/"infinity"/"nan" in any case.
std::optional<double> parse_rust_f64(std::string_view text);

}  // namespace zfcheck::pydantic
