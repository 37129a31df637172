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

}  // namespace zfcheck
