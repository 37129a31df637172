// Which engine `zfcheck explain` uses when none is named: the DeepSpeed installed in the user's Python, found
// without importing it (nor torch), else the newest profile that models upstream master.
#pragma once

#include <optional>
#include <string>

namespace zfcheck {

// The newest built-in profile that models a commit of upstream master (not a pull request), from the
// profile registry.
std::string master_profile();

struct DefaultEngine {
  std::optional<std::string> deepspeed_dir;  // the directory holding the deepspeed package, to run its files
  std::string profile;                       // otherwise: master_profile()
  std::string why;                           // one sentence: which engine and why
};

// Asks `python` (a child process: importlib.util.find_spec and importlib.metadata, nothing imported) where
// deepspeed is installed and which pydantic it has. The installed DeepSpeed is used when it has ZenFlow's
// files and the interpreter has pydantic 2 (zfcheck's runner needs it); otherwise the sentence says why not.
DefaultEngine default_engine(const std::string& python);

}  // namespace zfcheck
