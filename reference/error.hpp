// The error record of docs/eval-format.md: the Python exception upstream raises, the field it names, its text.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace zfcheck {

struct Error {
  std::string type;                  // Python exception class, e.g. "ValidationError", "ValueError"
  std::optional<std::string> field;  // config field (WTF-8), or none
  std::string message;

  bool operator==(const Error&) const = default;
};

// The error of a Python exception raised with no field: `raise <type>(<message>)`.
inline Error raised(std::string_view type, std::string_view message) {
  return Error{std::string(type), std::nullopt, std::string(message)};
}

// The AttributeError of `value.attribute` on a value of Python type `type_name` that has no such attribute.
inline Error attribute_error(std::string_view type_name, std::string_view attribute) {
  return raised("AttributeError",
                "'" + std::string(type_name) + "' object has no attribute '" + std::string(attribute) + "'");
}

// The TypeError of `a <op> b` for an order comparison (`<`, `<=`, ...) Python has not defined between values
// of types `left` and `right`.
inline Error comparison_type_error(std::string_view op, std::string_view left, std::string_view right) {
  return raised("TypeError", "'" + std::string(op) + "' not supported between instances of '" +
                                 std::string(left) + "' and '" + std::string(right) + "'");
}

// The TypeError of `a <op> b` for an arithmetic operator Python has not defined between types `left` and
// `right`.
inline Error operand_type_error(std::string_view op, std::string_view left, std::string_view right) {
  return raised("TypeError", "unsupported operand type(s) for " + std::string(op) + ": '" +
                                 std::string(left) + "' and '" + std::string(right) + "'");
}

}  // namespace zfcheck
