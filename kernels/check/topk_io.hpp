// The topk interchange format (docs/topk-format.md): problem lines in, answer lines out, with nlohmann/json.
#pragma once

#include "kernels/oracle/topk_answer.hpp"
#include "kernels/oracle/topk_problem.hpp"
#include "reference/error.hpp"

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace zfcheck {

// The most JSON values one problem line may hold (gradient values included): bounds the memory a line
// can make the parser allocate, whatever its shapes claim.
inline constexpr std::int64_t kMaxTopkValues = std::int64_t{1} << 23;

struct TopkLine {
  std::optional<std::string> id;
  SelectionProblem problem;
};

// Why a line is not a usable problem: error.type is "CaseError", error.field the key at fault.
struct TopkLineError {
  std::optional<std::string> id;
  Error error;
};

tl::expected<TopkLine, TopkLineError> parse_topk_problem(std::string_view line,
                                                         std::int64_t max_values = kMaxTopkValues);

// The problem as a format line (gradient values that are not finite as "NaN", "Infinity", "-Infinity").
nlohmann::ordered_json topk_problem_to_json(const std::optional<std::string>& id,
                                            const SelectionProblem& problem);

// {"id", "params": [...]}: per parameter the stage's keys, or {"error": {...}} where upstream raises.
nlohmann::ordered_json topk_answer_to_json(const std::optional<std::string>& id,
                                           const SelectionAnswer& answer);

// {"id", "error": {"type": "CaseError", "field", "message"}}.
nlohmann::ordered_json topk_line_error_to_json(const TopkLineError& error);

nlohmann::ordered_json error_to_json(const Error& error);

// `object[key]` where it is an array; else an empty array (answer lines from other producers may omit keys).
const nlohmann::ordered_json& json_array_at(const nlohmann::ordered_json& object, const char* key);

}  // namespace zfcheck
