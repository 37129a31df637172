// The error record of docs/eval-format.md: the Python exception upstream raises, the field it names, its text.
#pragma once

#include <optional>
#include <string>

namespace zfcheck {

struct Error {
  std::string type;                  // Python exception class, e.g. "ValidationError", "ValueError"
  std::optional<std::string> field;  // config field (WTF-8), or none
  std::string message;

  bool operator==(const Error&) const = default;
};

}  // namespace zfcheck
