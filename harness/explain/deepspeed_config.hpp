// A user's whole DeepSpeed config file read as deepspeed.initialize() gets it, and the eval-format case it
// makes.
#pragma once

#include "reference/evaluate.hpp"
#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zfcheck {

// A DeepSpeed config is a few kilobytes; a file larger than this is refused before it is read whole.
inline constexpr std::uintmax_t kMaxConfigBytes = 1 << 20;

// The file parsed in Python's json dialect; the reason (naming neither the command nor the path) when it
// cannot be read, is a directory, is larger than kMaxConfigBytes, or is not JSON.
tl::expected<py::Value, std::string> read_config_file(const std::string& path);

// How the caller runs deepspeed.initialize(), which the file does not say.
struct CallShape {
  std::optional<std::int64_t> dataloader_len;  // nothing: no training_data=
  std::int64_t micro_steps = 40;
};

// The case and, in sentences, what was taken from the config to make it.
struct ConfigCase {
  Case c;
  std::vector<std::string> read;  // one sentence per key read, defaults named
};

// zero_optimization.stage, .zenflow, .overlap_comm and .offload_optimizer as the case of docs/eval-format.md;
// the reason when the config does not say what ZenFlow needs (not an object, no zero_optimization, a
// stage other than 1/2/3 with ZenFlow configured, an overlap_comm that is not a bool). zenflow absent or
// null makes a case with ZenFlow off.
tl::expected<ConfigCase, std::string> case_from_config(const py::Value& config, const CallShape& call);

}  // namespace zfcheck
