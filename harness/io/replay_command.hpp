// The one shell command that replays a case under a profile, as every counterexample prints it.
#pragma once

#include "harness/io/case_io.hpp"
#include "harness/io/shell_quote.hpp"
#include "reference/py_json.hpp"

#include <string>
#include <string_view>

namespace zfcheck {

// The engine option that names a model profile: `--profile <profile>`.
inline std::string profile_option(std::string_view profile) { return "--profile " + shell_quote(profile); }

// `echo '<case as an eval line>' | zfcheck check <engine option>` (profile_option(), or
// Engine::replay_option()).
inline std::string replay_command(const Case& c, std::string_view engine_option) {
  return "echo " + shell_quote(case_line(c)) + " | zfcheck check " + std::string(engine_option);
}

}  // namespace zfcheck
