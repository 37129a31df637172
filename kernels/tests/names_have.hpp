// Whether a list of invariant names holds one: the top-k invariant tests' one question about a judgement.
#pragma once

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

inline bool has(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace zfcheck
