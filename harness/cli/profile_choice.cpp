// Profile selection for the commands that run one profile or all of them.
#include "harness/cli/profile_choice.hpp"

namespace zfcheck::cli {

void add_profile_choice(CLI::App* cmd, ProfileChoice& choice, bool allow_all) {
  CLI::Option* one =
      cmd->add_option("--profile", choice.profile,
                      "Behaviour profile, optionally with switch overrides (NAME:switch=on|off,...)")
          ->capture_default_str();
  if (allow_all)
    cmd->add_flag("--all-profiles", choice.all, "Every built-in profile, oldest first")->excludes(one);
}

tl::expected<std::vector<Profile>, std::string> chosen_profiles(const ProfileChoice& choice) {
  if (choice.all) return builtin_profiles();
  auto profile = find_profile(choice.profile);
  if (!profile) return tl::unexpected(profile.error());
  return std::vector<Profile>{*profile};
}

}  // namespace zfcheck::cli
