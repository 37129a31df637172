// `zfcheck sweep`: the whole grid through the model; per broken invariant a count and a minimal case.
#include "harness/checks/result_summary.hpp"
#include "harness/checks/sweep.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/grid_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/replay_command.hpp"
#include "reference/py_json.hpp"

#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct SweepOptions {
  EngineChoice engines;
  GridChoice grid;
  bool json = false;
};

void print_text(const SweepReport& report, const Engine& engine, const std::string& grid_note) {
  std::cout << "zfcheck sweep " << report.profile << ": " << report.cases << " cases" << grid_note << ", "
            << report.findings.size() << (report.findings.size() == 1 ? " invariant" : " invariants")
            << " broken\n";
  if (report.not_evaluated.count > 0) std::cout << "  " << report.not_evaluated.summary() << "\n";
  for (const Finding& f : report.findings) {
    std::cout << "  " << f.invariant << ": " << f.count << " cases, " << f.causes.size()
              << (f.causes.size() == 1 ? " cause\n" : " causes\n");
    for (const CauseGroup& g : f.causes) {
      std::cout << "    " << g.cause << ": " << g.count << " cases\n"
                << "      example: " << case_line(g.example) << "\n"
                << "      result:  " << summarize(g.result, g.example.micro_steps) << "\n"
                << "      replay:  " << replay_command(g.example, engine.replay_option()) << "\n";
    }
  }
  if (!report.topk) return;
  std::cout << "top-k grid: " << report.topk->problems << " problems, " << report.topk->findings.size()
            << (report.topk->findings.size() == 1 ? " invariant" : " invariants") << " broken\n";
  for (const TopkFinding& f : report.topk->findings) {
    auto recorded = topk_finding_json(f, report.profile);
    std::cout << "  " << f.invariant << ": " << f.count << " problems\n"
              << "    example: " << recorded["example"].dump() << "\n"
              << "    answer:  " << recorded["answer"].dump() << "\n"
              << "    replay:  " << recorded["replay"].get<std::string>() << "\n";
  }
}

int run_sweep(const SweepOptions& opts) {
  auto engines = chosen_engines(opts.engines);
  if (!engines) {
    std::cerr << "zfcheck sweep: " << engines.error() << "\n";
    return kExitUsage;
  }
  const SweepGrid grid(chosen_grid_blocks(opts.grid));
  bool any = false;
  if (opts.json && opts.engines.all) std::cout << "[\n";
  for (std::size_t i = 0; i < engines->size(); ++i) {
    const Engine& engine = *(*engines)[i];
    Progress progress = Progress::on_terminal("sweep " + engine.name(), grid.size());
    SweepReport report = sweep(grid, engine, &progress);
    any = any || !report.findings.empty() || (report.topk && !report.topk->findings.empty());
    if (opts.json) {
      std::cout << (i > 0 ? ",\n" : "") << sweep_report_json(report);
    } else {
      print_text(report, engine, grid_blocks_note(opts.grid));
    }
  }
  if (opts.json && opts.engines.all) std::cout << "]\n";
  std::cout.flush();
  return any ? kExitFinding : kExitOk;
}

}  // namespace

void add_sweep_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<SweepOptions>();
  CLI::App* cmd = app.add_subcommand(
      "sweep", "Evaluate the sweep grid; per broken invariant, a count and a minimal case");
  add_engine_choice(cmd, opts->engines, true);
  add_grid_choice(cmd, opts->grid);
  cmd->add_flag(
      "--json", opts->json,
      "Print {\"profile\", \"cases\", \"findings\": [{\"invariant\", \"count\", \"example\", \"result\", "
      "\"causes\": [{\"cause\", \"count\", \"example\", \"result\"}]}], and for a model profile "
      "\"topk_problems\", \"topk_findings\": [{\"invariant\", \"count\", \"example\", \"answer\", "
      "\"replay\"}]} (an array of them with --all-profiles)");
  set_help_footer(
      cmd,
      "The grid and the minimal-example order are documented in harness/checks/sweep_grid.hpp and\n"
      "harness/checks/minimal_order.hpp, causes in docs/causes.md: each cause prints its simplest case\n"
      "and the command that replays it. A model profile also sweeps its top-k selection rules over the\n"
      "top-k grid (harness/checks/topk_grid.hpp): per broken top-k invariant, the first problem in grid\n"
      "order, upstream's answer and the command that replays it. corpus/findings/<profile>.json is this\n"
      "command's --json output.",
      {"no invariant broken", "some invariant broken (a finding)", "bad usage or an engine that cannot run"});
  cmd->callback(
      [opts, &exit_code] { exit_code = guard_engine_failure("sweep", [&] { return run_sweep(*opts); }); });
}

}  // namespace zfcheck::cli
