// The keys DeepSpeed knows at the top of its config and in zero_optimization, and the sentences explain says
// about keys it does not know: the nearest known one, and where a misplaced zenflow block belongs.
#pragma once

#include "reference/py_value.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

struct KeyNote {
  std::string sentence;
  bool misplaced_zenflow = false;  // a zenflow block where DeepSpeed never reads it: ZenFlow stays off
};

// One note per unknown key, "did you mean" when a known key is near: at the top level, in
// zero_optimization and in zero_optimization.zenflow; and one per zenflow block found anywhere but
// zero_optimization.zenflow, saying where it belongs. Nothing when every key is known.
std::vector<KeyNote> key_notes(const py::Value& config);

}  // namespace zfcheck
