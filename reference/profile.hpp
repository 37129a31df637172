// Behaviour profiles: each upstream revision is one row of documented rule switches that the model reads.
#pragma once

#include <tl/expected.hpp>

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// Every rule that differs between the modelled upstream revisions. The model reads these and never
// compares profile names.
struct Switches {
  bool topk_ratio_open_interval = false;
  bool update_interval_min_1 = false;
  bool steps_per_epoch_min_1 = false;
  bool warning_raises = true;
  bool engine_reads_steps_per_epoch = false;
  bool truth_guard_on_steps_per_epoch = false;
  bool assign_only_positive_dataloader_len = false;
  bool warn_when_no_epoch_length = false;
  bool one_d_params_shift_offsets = true;

  bool operator==(const Switches&) const = default;
};

// What a switch changes: the set-up and schedule (`evaluate`, every config command), or top-k column
// selection (`zfcheck topk`), which no config case can observe.
enum class SwitchScope { config, selection };

struct SwitchInfo {
  std::string_view name;
  bool Switches::*member;
  std::string_view meaning;  // what the switch does when on
  std::string_view origin;   // the upstream change that introduced it
  SwitchScope scope = SwitchScope::config;
};

inline constexpr std::array<SwitchInfo, 9> kSwitches{{
    {"topk_ratio_open_interval", &Switches::topk_ratio_open_interval,
     "topk_ratio must lie strictly between 0 and 1 (Field(gt=0, lt=1)) instead of in [0, 1]", "PR #8274"},
    {"update_interval_min_1", &Switches::update_interval_min_1,
     "validate_fields rejects a numeric update_interval below 1", "PR #8274"},
    {"steps_per_epoch_min_1", &Switches::steps_per_epoch_min_1,
     "validate_fields rejects a steps_per_epoch that is set and below 1", "PR #8456 ffb0860"},
    {"warning_raises", &Switches::warning_raises,
     "select_strategy \"auto\" with an integer select_interval raises Warning (aborting set-up) instead of "
     "logging it and using one epoch",
     "ZenFlow's introduction (#7391); logged from PR #8456 4ffc94ea"},
    {"engine_reads_steps_per_epoch", &Switches::engine_reads_steps_per_epoch,
     "the engine copy takes the epoch length from zenflow.steps_per_epoch when the dataloader gives none "
     "(off: it resolves select_interval to 0)",
     "PR #8456 4ffc94ea"},
    {"truth_guard_on_steps_per_epoch", &Switches::truth_guard_on_steps_per_epoch,
     "all three copies use steps_per_epoch when it is truthy (off: when it is not None)", "PR #8456 ffb0860"},
    {"assign_only_positive_dataloader_len", &Switches::assign_only_positive_dataloader_len,
     "the engine assigns len(training_dataloader) to steps_per_epoch only when it is positive (off: also 0)",
     "PR #8456 ffb0860"},
    {"warn_when_no_epoch_length", &Switches::warn_when_no_epoch_length,
     "the epoch strategy logs that columns are never re-selected when no epoch length is known",
     "PR #8456 4ffc94ea"},
    {"one_d_params_shift_offsets", &Switches::one_d_params_shift_offsets,
     "stages 1/2: the selection skips a 1-D parameter before counting its elements, so every parameter "
     "after it in the bucket is scored from offsets shifted back by the 1-D elements before it (off: "
     "counted, every column scored from its own gradient)",
     "ZenFlow's introduction (#7391)", SwitchScope::selection},
}};

// The switches of one scope, in kSwitches order.
std::vector<SwitchInfo> switches_in(SwitchScope scope);

struct Profile {
  std::string name;          // as given, including any switch overrides
  std::string_view summary;  // one line on what it models
  Switches switches;
  // The upstream git revision whose code this profile models, or empty when none exists to run.
  std::string_view upstream_rev;
};

// deepspeed-edaa722, deepspeed-8274, pr-8456-4ffc94ea, pr-8456, oldest first.
const std::vector<Profile>& builtin_profiles();
inline constexpr std::string_view kDefaultProfile = "pr-8456";
// The newest built-in profile that models a commit of upstream master (not a pull request).
std::string master_profile();

// A profile by name, optionally with switch overrides: "pr-8456:truth_guard_on_steps_per_epoch=off,...".
tl::expected<Profile, std::string> find_profile(std::string_view spec);

}  // namespace zfcheck
