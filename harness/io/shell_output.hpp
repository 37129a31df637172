// Running a shell command and reading what it prints (git, a Python interpreter's probe).
#pragma once

#include <string>
#include <utility>

namespace zfcheck {

// A shell command's standard output (its standard error discarded) and its exit status.
std::pair<std::string, int> shell_output(const std::string& command);

}  // namespace zfcheck
