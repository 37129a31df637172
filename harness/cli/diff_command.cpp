// `zfcheck diff`: the grid under two profiles, the differing cases grouped by what changed.
#include "harness/checks/result_summary.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/grid_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/replay_command.hpp"
#include "harness/io/terminal_style.hpp"
#include "harness/reports/profile_diff.hpp"
#include "reference/py_json.hpp"

#include <algorithm>
#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct DiffOptions {
  std::string from;
  std::string to;
  bool json = false;
  bool any_difference = false;
  EngineChoice runner;
  GridChoice grid;
};

// The findings' causes, fixed, introduced and remaining, each with its simplest case and its replay.
std::size_t causes_of(const ProfileDiff& diff, CauseStatus status) {
  return static_cast<std::size_t>(std::count_if(diff.causes.begin(), diff.causes.end(),
                                                [&](const CauseChange& c) { return c.status == status; }));
}

void print_cause_changes(const ProfileDiff& diff, const Engine& from, const Engine& to) {
  const TerminalStyle style = TerminalStyle::for_stdout();
  for (CauseStatus status : {CauseStatus::fixed, CauseStatus::introduced, CauseStatus::remaining}) {
    std::size_t n = causes_of(diff, status);
    std::string heading = "causes " + std::string(cause_status_name(status)) + ": " + std::to_string(n);
    Tone tone = status == CauseStatus::fixed        ? Tone::good
                : status == CauseStatus::introduced ? Tone::bad
                                                    : Tone::notable;
    std::cout << "\n" << (n > 0 ? style.paint(heading, tone) : heading) << "\n";
    for (const CauseChange& c : diff.causes) {
      if (c.status != status) continue;
      const Engine& engine = status == CauseStatus::fixed ? from : to;
      std::cout << "  " << c.invariant << ": " << c.cause << " (" << c.from_count << " -> " << c.to_count
                << " cases)\n    replay: " << replay_command(c.example, engine.replay_option()) << "\n";
    }
  }
}

void print_text(const ProfileDiff& diff, const Engine& from, const Engine& to, const std::string& grid_note) {
  std::cout << "zfcheck diff " << diff.from << " -> " << diff.to << ": " << diff.differing << " of "
            << diff.cases << " cases" << grid_note << " differ, in " << diff.groups.size()
            << (diff.groups.size() == 1 ? " group\n" : " groups\n");
  if (diff.not_evaluated.count > 0) std::cout << "  " << diff.not_evaluated.summary() << "\n";
  for (const DiffGroup& g : diff.groups) {
    std::cout << "\n  " << g.count << " cases: " << g.change << "\n"
              << "    example: " << case_line(g.example) << "\n"
              << "    " << diff.from << ": " << summarize(g.from, g.example.micro_steps) << "\n"
              << "    " << diff.to << ": " << summarize(g.to, g.example.micro_steps) << "\n";
  }
  print_cause_changes(diff, from, to);
}

int run_diff(const DiffOptions& opts) {
  auto from = engine_from_spec(opts.from, opts.runner);
  if (!from) {
    std::cerr << "zfcheck diff: " << from.error() << "\n";
    return kExitUsage;
  }
  auto to = engine_from_spec(opts.to, opts.runner);
  if (!to) {
    std::cerr << "zfcheck diff: " << to.error() << "\n";
    return kExitUsage;
  }
  const SweepGrid grid(chosen_grid_blocks(opts.grid));
  Progress progress = Progress::on_terminal("diff " + (*from)->name() + " -> " + (*to)->name(), grid.size());
  ProfileDiff diff = diff_profiles(grid, **from, **to, &progress);
  if (opts.json) {
    std::cout << profile_diff_json(diff);
  } else {
    print_text(diff, **from, **to, grid_blocks_note(opts.grid));
  }
  std::cout.flush();
  bool finding = opts.any_difference ? diff.differing > 0 : causes_of(diff, CauseStatus::introduced) > 0;
  return finding ? kExitFinding : kExitOk;
}

}  // namespace

void add_diff_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<DiffOptions>();
  CLI::App* cmd =
      app.add_subcommand("diff", "Evaluate the sweep grid under two profiles and group what differs");
  cmd->add_option("--from", opts->from,
                  "The old engine: a profile (NAME[:switch=on|off,...]) or upstream:PATH[@REV]")
      ->type_name(kEngineType)
      ->required();
  cmd->add_option("--to", opts->to, "The new engine, spelt the same way")->type_name(kEngineType)->required();
  add_runner_options(cmd, opts->runner);
  add_grid_choice(cmd, opts->grid);
  cmd->add_flag(
      "--json", opts->json,
      "Print {\"from\", \"to\", \"cases\", \"differing\", \"groups\": [{\"change\", \"count\", \"example\", "
      "\"from\", \"to\"}], \"causes\": [{\"status\", \"invariant\", \"cause\", \"from_count\", \"to_count\", "
      "\"example\"}]}");
  cmd->add_flag("--any-difference", opts->any_difference,
                "Exit 1 when any case differs, not only when the new engine introduces a cause");
  set_help_footer(
      cmd,
      "Cases are grouped by what differs (outcome, resolved and engine intervals, selections, warnings)\n"
      "and how (values by class: negative, 0, positive); each group shows its simplest case. Then the\n"
      "causes of the findings (docs/causes.md) fixed by the new profile, introduced by it, and remaining.\n"
      "A case an upstream runner could not answer (a stand-in's gap) is not evaluated: counted first, never\n"
      "compared.",
      {"the new engine introduces no cause (with --any-difference: the engines agree on every case)",
       "it introduces one (with --any-difference: some case differs)",
       "bad usage or an engine that cannot run"});
  cmd->callback(
      [opts, &exit_code] { exit_code = guard_engine_failure("diff", [&] { return run_diff(*opts); }); });
}

}  // namespace zfcheck::cli
