// `zfcheck table`: the PR #8456 thread's resolution table, every row evaluated through the model.
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/io/case_io.hpp"
#include "harness/reports/resolution_table.hpp"

#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct TableOptions {
  EngineChoice engines;
  std::int64_t steps = Case{}.micro_steps;
  std::string format = "text";
};

int run_table(const TableOptions& opts) {
  auto engines = chosen_engines(opts.engines);
  if (!engines) {
    std::cerr << "zfcheck table: " << engines.error() << "\n";
    return kExitUsage;
  }
  TableFormat format = *parse_table_format(opts.format);
  std::vector<const Engine*> columns;
  for (const auto& e : *engines) columns.push_back(e.get());
  if (columns.size() > 1) {
    std::cout << "cells: resolved select_interval / selections in " << opts.steps
              << " micro-steps / warning (stage 2)\n\n";
  } else {
    std::cout << "profile " << columns.front()->name() << ": " << columns.front()->summary() << "\n\n";
  }
  std::cout << render_resolution_table(resolution_table_cases(opts.steps), columns, opts.steps, format);
  return kExitOk;
}

}  // namespace

void add_table_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<TableOptions>();
  CLI::App* cmd =
      app.add_subcommand("table", "The PR #8456 thread's resolution table, computed by the model");
  add_engine_choice(cmd, opts->engines, true);
  cmd->add_option("--steps", opts->steps, "Micro-steps to count selections over")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t{0}, kMaxMicroSteps));
  cmd->add_option("--format", opts->format, "text or markdown")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "markdown"}));
  set_help_footer(
      cmd,
      "Rows: the thread's (auto/auto and epoch/1 with and without a dataloader of 10, step/10), the\n"
      "reviewer's steps_per_epoch probe (unset, 0, -5, 10) and the empty dataloader, at ZeRO stage 2.\n"
      "One engine: its name and summary head the table. With --all-profiles each profile gets a column:\n"
      "resolved select_interval / selections / warning.",
      {"the table was printed", "", "bad usage or an engine that cannot run"});
  cmd->callback([opts, &exit_code] { exit_code = guard_engine_failure("table", [&] { return run_table(*opts); }); });
}

}  // namespace zfcheck::cli
