// Results as eval-format JSON objects (key order as the format's table lists them).
#pragma once

#include "harness/case_io.hpp"
#include "reference/evaluate.hpp"

#include <string>

namespace zfcheck {

py::Value config_to_value(const ZenFlowConfig& config);
py::Value result_to_value(const Result& result);
// The invalid_case result for a line that is not a usable case; `line` is 1-based.
py::Value invalid_case_value(const CaseError& error, std::size_t line, std::string_view profile);

// The "<id>: <text>" form warnings take in results.
std::string warning_line(SetupWarning warning);

}  // namespace zfcheck
