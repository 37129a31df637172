// Reading eval-format cases from JSON lines, and writing a case back as JSON.
#pragma once

#include "reference/evaluate.hpp"
#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

namespace zfcheck {

// The largest micro_steps a case may ask for: the selections list is written out in full.
inline constexpr std::int64_t kMaxMicroSteps = 1'000'000;

// Why a line is not a usable case (eval-format's invalid_case).
struct CaseError {
  std::optional<py::Str> id;         // echoed when the line had a string id
  std::optional<std::string> field;  // the case key at fault, if one is
  std::string reason;
  std::optional<std::size_t> json_offset{};  // for text that is not JSON: the byte where reading failed
};

tl::expected<Case, CaseError> case_from_value(py::Value value);
// A case from JSON text (one line, or a file holding one case); JSON that does not parse is refused with
// its position ("column C", or "line L, column C" in a text of several lines) and `json_offset`.
tl::expected<Case, CaseError> parse_case(std::string_view line);

// Reads case lines from `in` to its end: fn(line number, the case or why that line is not one); a line
// longer than kMaxLineBytes is refused. False when reading failed (not at the end of the input).
bool for_each_case_line(std::istream& in,
                        const std::function<void(std::size_t line, tl::expected<Case, CaseError> c)>& fn);

// The case as an eval-format object; keys at their defaults are left out unless `full`. overlap_comm is
// written only when the case gives it, so that cases without it read as they always did. A whole-config
// case is written with deepspeed_config (and world_size) in place of zenflow and stage.
py::Value case_to_value(const Case& c, bool full = false);

// The case as its eval-format line (compact JSON, no newline): the one way a case is written as text.
std::string case_line(const Case& c);

}  // namespace zfcheck
