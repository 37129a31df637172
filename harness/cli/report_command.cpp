// `zfcheck report`: a profile's sweep findings as text to paste into an upstream issue.
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/reports/findings_report.hpp"

#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct ReportOptions {
  EngineChoice engines;
  std::string format = "markdown";
};

int run_report(const ReportOptions& opts) {
  auto engines = chosen_engines(opts.engines);
  if (!engines) {
    std::cerr << "zfcheck report: " << engines.error() << "\n";
    return kExitUsage;
  }
  const Engine& engine = *engines->front();
  const SweepGrid& grid = SweepGrid::builtin();
  Progress progress = Progress::on_terminal("sweep " + engine.name(), grid.size());
  SweepReport report = sweep(grid, engine, &progress);
  std::cout << render_findings_report(report, engine, *parse_table_format(opts.format));
  std::cout.flush();
  return report.findings.empty() ? kExitOk : kExitFinding;
}

}  // namespace

void add_report_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ReportOptions>();
  CLI::App* cmd = app.add_subcommand("report", "A profile's sweep findings as paste-able markdown");
  add_engine_choice(cmd, opts->engines, false);
  cmd->add_option("--format", opts->format, "markdown or text")
      ->capture_default_str()
      ->check(CLI::IsMember({"markdown", "text"}));
  set_help_footer(
      cmd,
      "Per finding: the invariant, the minimal config as a DeepSpeed JSON snippet, what happens, and the\n"
      "example's row of the thread's table.",
      {"no finding", "some finding reported", "bad usage or an engine that cannot run"});
  cmd->callback([opts, &exit_code] { exit_code = guard_engine_failure("report", [&] { return run_report(*opts); }); });
}

}  // namespace zfcheck::cli
