// A user's whole DeepSpeed config file read as deepspeed.initialize() gets it, and the eval-format case it
// makes.
#pragma once

#include "harness/explain/config_overrides.hpp"
#include "harness/io/named_input.hpp"
#include "reference/evaluate.hpp"
#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace zfcheck {

// A DeepSpeed config is a few kilobytes; a file larger than this is refused before it is read whole.
inline constexpr std::size_t kMaxConfigBytes = 1 << 20;

// How the file reaches DeepSpeed: deepspeed.initialize(config=PATH) reads it with hjson and refuses
// duplicate keys; the Hugging Face Trainer reads it with json.load, fills its "auto" values, and hands
// DeepSpeed the dict.
enum class ConfigReader { deepspeed, hf };

struct ReadOptions {
  ConfigReader reader = ConfigReader::deepspeed;
  std::vector<Override> overrides;  // --set, applied in order after reading (before the Trainer's fills)
  std::int64_t world_size = 1;
};

struct ReadConfig {
  py::Value config;               // what DeepSpeed gets
  std::vector<std::string> read;  // sentences: the reader, each --set, each "auto"
  // DeepSpeed raises while it reads the file (a duplicate key): the exception, where, and the caret lines.
  std::optional<std::string> rejected;
};

// The input's text read as `options.reader` says. The error (naming the input, with line, column and a
// caret) when the text is unusable: not UTF-8, not hjson (or not JSON, for hf), or a --set through a
// value that is not an object.
tl::expected<ReadConfig, std::string> read_config(const InputText& input, const ReadOptions& options);

// How the caller runs deepspeed.initialize(), which the file does not say.
struct CallShape {
  std::optional<std::int64_t> dataloader_len;  // nothing: no training_data=
  std::int64_t micro_steps = Case{}.micro_steps;
  std::int64_t world_size = Case{}.world_size;
};

// The whole config as an eval-format case (deepspeed_config, world_size, the call: docs/eval-format.md);
// the reason when the config is not an object.
tl::expected<Case, std::string> case_from_config(const py::Value& config, const CallShape& call);

}  // namespace zfcheck
