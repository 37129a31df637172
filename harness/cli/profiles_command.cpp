// `zfcheck profiles`: the behaviour profiles and the rule switches each one sets.
#include "harness/cli/commands.hpp"
#include "reference/profile.hpp"

#include <iostream>

namespace zfcheck::cli {

namespace {

int run_profiles(bool verbose) {
  for (const Profile& p : builtin_profiles()) {
    std::cout << p.name << (p.name == kDefaultProfile ? " (default)" : "") << ": " << p.summary << "\n";
    std::cout << "  on:";
    for (const SwitchInfo& s : kSwitches) {
      if (p.switches.*(s.member)) std::cout << " " << s.name;
    }
    std::cout << "\n";
  }
  if (verbose) {
    std::cout << "\nswitches:\n";
    for (const SwitchInfo& s : kSwitches) {
      std::cout << "  " << s.name << " (" << s.origin << "): " << s.meaning << "\n";
    }
  }
  return kExitOk;
}

}  // namespace

void add_profiles_command(CLI::App& app, int& exit_code) {
  auto verbose = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("profiles", "List the behaviour profiles and their rule switches");
  cmd->add_flag("-v,--verbose", *verbose, "Also explain every switch and where it comes from");
  cmd->callback([verbose, &exit_code] { exit_code = run_profiles(*verbose); });
}

}  // namespace zfcheck::cli
