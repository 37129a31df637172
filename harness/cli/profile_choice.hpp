// The `--profile P | --all-profiles` options that sweep, table and report share.
#pragma once

#include "reference/profile.hpp"

#include <CLI/CLI.hpp>
#include <tl/expected.hpp>

#include <string>
#include <vector>

namespace zfcheck::cli {

struct ProfileChoice {
  std::string profile{kDefaultProfile};
  bool all = false;
};

// Adds --profile and, when `allow_all`, --all-profiles (the two exclude each other).
void add_profile_choice(CLI::App* cmd, ProfileChoice& choice, bool allow_all);

// The chosen profiles, oldest first for --all-profiles; the reason when a name is unknown.
tl::expected<std::vector<Profile>, std::string> chosen_profiles(const ProfileChoice& choice);

}  // namespace zfcheck::cli
