// The spine of zfcheck: a Case in, the Result upstream's set-up and schedule would give under a profile.
#pragma once

#include "reference/config.hpp"
#include "reference/deepspeed_config.hpp"
#include "reference/error.hpp"
#include "reference/profile.hpp"
#include "reference/setup.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// One input of docs/eval-format.md.
struct Case {
  std::optional<py::Str> id;
  py::Value zenflow;                           // the zero_optimization.zenflow block as written
  std::optional<std::int64_t> dataloader_len;  // nothing: no training_data= passed
  int stage = 2;
  std::int64_t micro_steps = 40;
  std::optional<bool>
      overlap_comm;  // zero_optimization.overlap_comm; nothing: absent or null (ZeRO's default)
  // A whole-config case: the object deepspeed.initialize(config=...) gets, in place of zenflow, stage and
  // overlap_comm (which then keep their defaults), and dist.get_world_size().
  std::optional<py::Value> deepspeed_config;
  std::int64_t world_size = 1;

  bool operator==(const Case&) const = default;
};

// The lengths real training dataloaders have, shortest first: what a fix may pass as training_data=.
inline constexpr std::array<std::int64_t, 11> kRealisticDataloaderLens{1,  2,  3,  4,   5,   7,
                                                                       10, 16, 40, 100, 1000};

enum class Outcome { ok, config_error, init_error, step_error, unmodelled, invalid_case };

// A whole-config result's view of DeepSpeed's own config after set-up.
struct DeepSpeedView {
  BatchSizes batch;  // gradient_accumulation_steps: the engine's value after set-up (ZenFlow overwrites it)
  int stage = 0;
  std::optional<std::string> offload_optimizer;  // the device, or nothing without an offload_optimizer block
  bool overlap_comm = false;

  bool operator==(const DeepSpeedView&) const = default;
};
std::string_view outcome_name(Outcome outcome);

// One output of docs/eval-format.md.
struct Result {
  std::optional<py::Str> id;
  std::string profile;
  Outcome outcome = Outcome::ok;
  std::optional<Error> error;
  std::optional<ZenFlowConfig> config;
  // The fields of a revision's validated config that ZenFlowConfig lacks (upstream's engine only), in
  // upstream's order: written in `config` after the model's. The model's own results have none.
  py::Dict other_config;
  std::optional<Resolved> resolved;
  std::optional<EngineView> engine;
  bool whole_config = false;               // the case gave deepspeed_config: the result carries `deepspeed`
  std::optional<DeepSpeedView> deepspeed;  // nothing where DeepSpeedConfig failed
  bool zenflow_enabled = false;
  std::vector<std::string> warnings;  // as logged, verbatim: the model's are warning_line()
  std::vector<std::int64_t> selections;

  bool operator==(const Result&) const = default;
};

// Validate the block, run the engine and optimizer set-up for the stage, simulate the schedule.
// Pure: the same case and profile always give the same result.
Result evaluate(const Case& c, const Profile& profile);

}  // namespace zfcheck
