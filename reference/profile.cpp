// The table of upstream profiles and the parser for profile names with switch overrides.
#include "reference/profile.hpp"

#include "reference/nearest_name.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

Switches edaa722() { return Switches{}; }

Switches with_8274() {
  Switches s = edaa722();
  s.topk_ratio_open_interval = true;
  s.update_interval_min_1 = true;
  return s;
}

Switches pr8456_first() {
  Switches s = with_8274();
  s.warning_raises = false;
  s.engine_reads_steps_per_epoch = true;
  s.warn_when_no_epoch_length = true;
  return s;
}

Switches pr8456_final() {
  Switches s = pr8456_first();
  s.steps_per_epoch_min_1 = true;
  s.truth_guard_on_steps_per_epoch = true;
  s.assign_only_positive_dataloader_len = true;
  return s;
}

}  // namespace

std::vector<SwitchInfo> switches_in(SwitchScope scope) {
  std::vector<SwitchInfo> out;
  for (const SwitchInfo& s : kSwitches)
    if (s.scope == scope) out.push_back(s);
  return out;
}

const std::vector<Profile>& builtin_profiles() {
  static const std::vector<Profile> profiles{
      {"deepspeed-edaa722", "DeepSpeed master at edaa72212, before PR #8274", edaa722(), "edaa72212"},
      {"deepspeed-8274", "master plus PR #8274: topk_ratio in (0, 1), numeric update_interval >= 1", with_8274(),
       "refs/pull/8274/head"},
      {"pr-8456-4ffc94ea", "PR #8456 as first pushed (4ffc94ea), the revision the reviewer probed",
       pr8456_first(), ""},
      {"pr-8456", "PR #8456 final (ffb0860): steps_per_epoch >= 1, truth guards, empty dataloader warns",
       pr8456_final(), ""},
  };
  return profiles;
}

std::string master_profile() {
  std::string newest;
  for (const Profile& p : builtin_profiles()) {
    if (!p.upstream_rev.empty() && !p.upstream_rev.starts_with("refs/")) newest = p.name;
  }
  return newest;
}

tl::expected<Profile, std::string> find_profile(std::string_view spec) {
  std::string_view name = spec.substr(0, spec.find(':'));
  const auto& all = builtin_profiles();
  auto it = std::find_if(all.begin(), all.end(), [&](const Profile& p) { return p.name == name; });
  if (it == all.end()) {
    std::vector<std::string> known;
    for (const auto& p : all) known.push_back(p.name);
    return tl::unexpected(unknown_name_message("profile", name, known));
  }
  Profile profile = *it;
  profile.name = std::string(spec);
  if (name.size() == spec.size()) return profile;
  std::string_view overrides = spec.substr(name.size() + 1);
  while (!overrides.empty()) {
    std::string_view item = overrides.substr(0, overrides.find(','));
    overrides.remove_prefix(std::min(overrides.size(), item.size() + 1));
    std::size_t eq = item.find('=');
    std::string_view key = item.substr(0, eq);
    std::string_view value = eq == std::string_view::npos ? "" : item.substr(eq + 1);
    auto sw = std::find_if(kSwitches.begin(), kSwitches.end(), [&](const SwitchInfo& s) { return s.name == key; });
    if (sw == kSwitches.end()) {
      std::vector<std::string> known;
      for (const SwitchInfo& s : kSwitches) known.emplace_back(s.name);
      return tl::unexpected("in '" + std::string(spec) + "': " + unknown_name_message("switch", key, known));
    }
    if (value != "on" && value != "off") {
      return tl::unexpected("switch '" + std::string(key) + "' needs =on or =off in '" + std::string(spec) + "'");
    }
    profile.switches.*(sw->member) = value == "on";
  }
  return profile;
}

}  // namespace zfcheck
