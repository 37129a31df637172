// --set KEY.PATH=VALUE: a value given on the command line for a key of the config (an "auto" the Hugging Face
// Trainer would fill, or any value to try).
#pragma once

#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

struct Override {
  std::vector<std::string> path;  // the keys, outermost first
  py::Value value;
};

// "zero_optimization.stage=3": the path split at dots, the value read as JSON (Python's dialect) or, when it
// is not JSON, taken as the string it is. The reason when there is no '=' or a key of the path is empty.
tl::expected<Override, std::string> parse_override(std::string_view assignment);

// The path joined with dots, as messages name it.
std::string path_text(const std::vector<std::string>& path);

// Sets the value, creating the objects on the way; the reason when a step of the path holds something
// other than an object.
tl::expected<void, std::string> apply_override(py::Value& config, const Override& o);

}  // namespace zfcheck
