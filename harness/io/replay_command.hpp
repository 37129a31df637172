// The one shell command that replays a case under a profile, as every counterexample prints it.
#pragma once

#include "harness/io/case_io.hpp"
#include "harness/io/shell_quote.hpp"
#include "reference/py_json.hpp"

#include <string>
#include <string_view>

namespace zfcheck {

// `echo '<case as an eval line>' | zfcheck check --profile <profile>`.
inline std::string replay_command(const Case& c, std::string_view profile) {
  return "echo " + shell_quote(py::to_json(case_to_value(c))) + " | zfcheck check --profile " +
         shell_quote(profile);
}

}  // namespace zfcheck
