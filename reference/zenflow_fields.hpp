// The ZenFlowConfig fields, one row each: the one home of their names, declared types, defaults, and the
// realistic, boundary and coercion values that the sweep grid and the generators draw.
//
// Read by the model's config (names, types, defaults, validation; reference/config.hpp aligns
// ZenFlowConfig's members with the rows), the eval format's config object, the simplest-first order
// (declared types), the sweep grid (boundary and coercion values) and the generators' value pools
// (realistic values). Values are JSON texts in the eval format's dialect (NaN, integers of any size).
#pragma once

#include "reference/profile.hpp"
#include "reference/py_value.hpp"

#include <array>
#include <cstddef>
#include <span>
#include <string_view>

namespace zfcheck {

// The Python type a field is declared with, which decides its coercion and what counts as off-type.
enum class DeclaredType {
  unit_float,        // float in [0, 1] ((0, 1) under the row's open_interval_switch)
  str,               // str
  str_or_int,        // Union[str, int]
  boolean,           // bool
  integer,           // int
  optional_integer,  // Optional[int]
};

// Whether a JSON value of `kind` is taken as it is, without coercion, by a field of `type`.
constexpr bool takes_as_is(DeclaredType type, py::Kind kind) {
  using enum py::Kind;
  switch (type) {
    case DeclaredType::unit_float:
      return kind == integer || kind == floating;
    case DeclaredType::str:
      return kind == string;
    case DeclaredType::str_or_int:
      return kind == string || kind == integer;
    case DeclaredType::boolean:
      return kind == boolean;
    case DeclaredType::integer:
      return kind == integer;
    case DeclaredType::optional_integer:
      return kind == integer || kind == none;
  }
  return false;
}

using JsonTexts = std::span<const std::string_view>;

struct ZenFlowField {
  std::string_view name;
  DeclaredType type;
  std::string_view default_value;
  JsonTexts realistic;  // what the tutorial, upstream's tests and the PR #8456 thread write
  JsonTexts boundary;   // values that move the schedule: zero, one, minus one, "auto", null, huge, the horizon
  JsonTexts coercion;   // wrong types, bounds, spellings: what pydantic must coerce or refuse
  bool Switches::*open_interval_switch = nullptr;  // a unit_float's: the profile switch that makes it (0, 1)
};

namespace field_values {
// 2**70 (1180591620717411303424) is beyond any machine integer.
inline constexpr std::string_view topk_ratio_realistic[] = {"0.1", "0.05", "0.2", "0.5", "0.01", "0.3"};
inline constexpr std::string_view topk_ratio_coercion[] = {
    R"("auto")", "0",    "1",     "0.5",  "1.0",     "-0.1", "1.1", "1180591620717411303424",
    "NaN",       R"("0.5")", "true", "false", "null", R"("x")", "[]",  "{}"};
inline constexpr std::string_view select_strategy_realistic[] = {R"("auto")", R"("step")", R"("epoch")"};
inline constexpr std::string_view select_strategy_boundary[] = {R"("auto")", R"("step")", R"("epoch")"};
inline constexpr std::string_view select_strategy_coercion[] = {
    R"("bad")", R"("Step")", R"("")", "1", "true", "null", R"(["step"])", "{}"};
inline constexpr std::string_view select_interval_realistic[] = {R"("auto")", "1", "10", "2", "5", "100"};
inline constexpr std::string_view select_interval_boundary[] = {
    R"("auto")", "0", "1", "5", "10", "-1", "-5", "1180591620717411303424"};
inline constexpr std::string_view select_interval_coercion[] = {
    "true", "false", "10.0", "10.5", R"("10")", R"("x")", "null", "[]", "{}", "NaN", "1e19",
    "-1180591620717411303424"};
inline constexpr std::string_view update_interval_realistic[] = {R"("auto")", "4", "1", "2", "3", "8"};
inline constexpr std::string_view update_interval_boundary[] = {
    R"("auto")", "0", "1", "4", "-1", "1180591620717411303424"};
inline constexpr std::string_view update_interval_coercion[] = {
    "true", "false", "4.0", "4.5", R"("4")", R"("x")", "null", "[]", "{}", "NaN", "-1180591620717411303424"};
inline constexpr std::string_view flag_realistic[] = {"false", "true"};
inline constexpr std::string_view flag_coercion[] = {
    R"("auto")", "true", "false", "1", "0", "2", "1.0", "1.5", R"("yes")", R"("off")", R"("x")", "null", "[]"};
inline constexpr std::string_view auto_ratio_realistic[] = {"0.99", "0.9", "0.5"};
inline constexpr std::string_view unit_coercion[] = {
    R"("auto")", "0", "1", "0.5", "-0.1", "1.1", "NaN", R"("0.5")", "true", "null", R"("x")", "[]"};
inline constexpr std::string_view full_warm_up_rounds_realistic[] = {"0", "1", "3", "10"};
inline constexpr std::string_view full_warm_up_rounds_boundary[] = {
    "0", "1", "3", "-1", "50", "1180591620717411303424", "-1180591620717411303424"};  // 50: past the 40 steps
inline constexpr std::string_view full_warm_up_rounds_coercion[] = {
    R"("auto")", "true", "false", "3.0", "3.5", R"("3")", R"("-1")", R"("x")", "null", "[]", "{}", "NaN"};
inline constexpr std::string_view pt_reserved_cores_perc_realistic[] = {"0.5", "0.25", "0.1"};
inline constexpr std::string_view steps_per_epoch_realistic[] = {"null", "10", "100", "1000", "3", "1", "5"};
inline constexpr std::string_view steps_per_epoch_boundary[] = {
    "null", "0", "1", "3", "10", "-1", "-5", "1180591620717411303424"};
inline constexpr std::string_view steps_per_epoch_coercion[] = {
    R"("auto")", "true", "false", "10.0", "10.5", R"("10")", R"("0")", R"("-5")", R"("x")", "[]", "{}", "NaN",
    "-1180591620717411303424"};
}  // namespace field_values

// The fields in declaration order (the order pydantic validates them in).
inline constexpr std::array<ZenFlowField, 10> kZenFlowFields{{
    {"topk_ratio", DeclaredType::unit_float, "0.1", field_values::topk_ratio_realistic, {},
     field_values::topk_ratio_coercion, &Switches::topk_ratio_open_interval},
    {"select_strategy", DeclaredType::str, R"("auto")", field_values::select_strategy_realistic,
     field_values::select_strategy_boundary, field_values::select_strategy_coercion},
    {"select_interval", DeclaredType::str_or_int, R"("auto")", field_values::select_interval_realistic,
     field_values::select_interval_boundary, field_values::select_interval_coercion},
    {"update_interval", DeclaredType::str_or_int, R"("auto")", field_values::update_interval_realistic,
     field_values::update_interval_boundary, field_values::update_interval_coercion},
    {"overlap_step", DeclaredType::boolean, "false", field_values::flag_realistic, {}, field_values::flag_coercion},
    {"offload", DeclaredType::boolean, "false", field_values::flag_realistic, {}, field_values::flag_coercion},
    {"auto_ratio", DeclaredType::unit_float, "0.99", field_values::auto_ratio_realistic, {},
     field_values::unit_coercion},
    {"full_warm_up_rounds", DeclaredType::integer, "0", field_values::full_warm_up_rounds_realistic,
     field_values::full_warm_up_rounds_boundary, field_values::full_warm_up_rounds_coercion},
    {"pt_reserved_cores_perc", DeclaredType::unit_float, "0.5", field_values::pt_reserved_cores_perc_realistic,
     {}, field_values::unit_coercion},
    {"steps_per_epoch", DeclaredType::optional_integer, "null", field_values::steps_per_epoch_realistic,
     field_values::steps_per_epoch_boundary, field_values::steps_per_epoch_coercion},
}};

// The field names alone, in declaration order.
inline constexpr std::array<std::string_view, kZenFlowFields.size()> kConfigFields = [] {
  std::array<std::string_view, kZenFlowFields.size()> names{};
  for (std::size_t i = 0; i < names.size(); ++i) names[i] = kZenFlowFields[i].name;
  return names;
}();

// The row of field `name`; nullptr for a key ZenFlowConfig does not declare.
constexpr const ZenFlowField* find_field(std::string_view name) {
  for (const ZenFlowField& f : kZenFlowFields) {
    if (f.name == name) return &f;
  }
  return nullptr;
}

}  // namespace zfcheck
