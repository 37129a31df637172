// `zfcheck invariants`: the registry, one invariant per paragraph with its statement and why.
#include "harness/checks/invariants.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/help_text.hpp"

#include <iostream>

namespace zfcheck::cli {

namespace {

int run_invariants(bool names_only) {
  for (const Invariant& inv : invariants()) {
    std::cout << inv.name << "\n";
    if (!names_only) std::cout << "  " << inv.statement << "\n  why: " << inv.why << "\n\n";
  }
  return kExitOk;
}

}  // namespace

void add_invariants_command(CLI::App& app, int& exit_code) {
  auto names_only = std::make_shared<bool>(false);
  CLI::App* cmd =
      app.add_subcommand("invariants", "List the invariants zfcheck checks, with their statements");
  cmd->add_flag("--names", *names_only, "Print the names only, one per line");
  set_help_footer(cmd, "docs/invariants.md is the catalogue, with each invariant's reason.",
                  {"the invariants were listed", "", "bad usage"});
  cmd->callback([names_only, &exit_code] { exit_code = run_invariants(*names_only); });
}

}  // namespace zfcheck::cli
