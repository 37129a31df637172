// Results as eval-format JSON (key order as the format's table lists them), written straight to text.
#pragma once

#include "harness/io/case_io.hpp"
#include "reference/evaluate.hpp"
#include "reference/py_json.hpp"

#include <tl/expected.hpp>

#include <functional>

#include <string>

namespace zfcheck {

// Writes further keys into a result object (zfcheck check's "violations").
using ExtraKeys = std::function<void(py::ObjectWriter&)>;

// Appends the result's JSON object (no newline), with `extra` keys after the format's own.
void write_result(std::string& out, const Result& result, const ExtraKeys& extra = {});
// The same object as a Python value, for comparisons.
py::Value result_to_value(const Result& result);

// The result an eval-format object describes (what another engine printed), or what in it is not one.
// Keys the format does not list are ignored; a config key it lacks keeps ZenFlowConfig's default; a config
// key the model does not know (a field of upstream's revision) is kept, with its value, in other_config.
// Warnings are carried verbatim, whatever their words.
tl::expected<Result, std::string> result_from_value(const py::Value& value);

// The invalid_case result for a line that is not a usable case; `line` is 1-based.
Result invalid_case_result(const CaseError& error, std::size_t line, std::string_view profile);

}  // namespace zfcheck
