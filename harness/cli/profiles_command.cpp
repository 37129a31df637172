// `zfcheck profiles`: the behaviour profiles and the rule switches each one sets.
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/grid_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/upstream/profile_fit.hpp"
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

struct FitOptions {
  EngineChoice runner;
  GridChoice grid;
  std::string upstream;
};

std::string named(const Switches& s) {
  std::string profile = profile_with(s);
  return switches_text(s) + (profile.empty() ? "" : " (= " + profile + ")");
}

int run_fit(const FitOptions& opts) {
  auto engine = upstream_engine(opts.upstream, opts.runner);
  if (!engine) {
    std::cerr << "zfcheck profiles fit: " << engine.error() << "\n";
    return kExitUsage;
  }
  const SweepGrid grid(chosen_grid_blocks(opts.grid));
  Progress progress = Progress::on_terminal("fit " + (*engine)->name(), grid.size());
  SwitchFit fit = fit_switches(grid, **engine, &progress);
  std::cout << "zfcheck profiles fit " << (*engine)->name() << ": " << fit.cases << " grid cases"
            << grid_blocks_note(opts.grid) << ", " << (1u << switches_in(SwitchScope::config).size())
            << " settings of the config switches\n";
  for (const Switches& s : fit.exact) std::cout << "exact: " << named(s) << "\n";
  if (!fit.exact.empty()) return kExitOk;
  std::cout << "no setting reproduces it; nearest (" << fit.nearest_differing
            << " cases differ): " << named(fit.nearest) << "\n"
            << fit.disagreements.render("zfcheck eval --upstream " + opts.upstream);
  return kExitFinding;
}

}  // namespace

void add_profiles_command(CLI::App& app, int& exit_code) {
  auto verbose = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand("profiles", "List the behaviour profiles and their rule switches");
  cmd->add_flag("-v,--verbose", *verbose, "Also explain every switch and where it comes from");
  set_help_footer(
      cmd, "Every --profile also takes switch overrides: NAME:switch=on|off,... (docs/zenflow.md#profiles).",
      {"the profiles were listed", "", "bad usage"});
  cmd->callback([verbose, cmd, &exit_code] {
    if (cmd->get_subcommands().empty()) exit_code = run_profiles(*verbose);
  });
  auto opts = std::make_shared<FitOptions>();
  CLI::App* fit = cmd->add_subcommand(
      "fit",
      "Which settings of the model's switches reproduce an upstream revision exactly over the sweep grid");
  fit->add_option("--upstream", opts->upstream, "DeepSpeed clone or mirror, PATH[@REV]")
      ->type_name("PATH[@REV]")
      ->required();
  add_runner_options(fit, opts->runner);
  add_grid_choice(fit, opts->grid);
  set_help_footer(
      fit,
      "Every setting of the switches (zfcheck profiles -v) is compared with upstream's results on every grid "
      "case.",
      {"some setting fits exactly (each is listed, with the built-in profile it equals)",
       "none does (the nearest, the setting with the fewest differing cases, is printed with that count and, "
       "per "
       "differing field, the count and the smallest case)",
       "bad input or a runner failure"});
  fit->callback([opts, &exit_code] {
    exit_code = guard_engine_failure("profiles fit", [&] { return run_fit(*opts); });
  });
}

}  // namespace zfcheck::cli
