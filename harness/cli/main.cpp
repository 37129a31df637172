// The zfcheck command: one subcommand per driver of the reference model.
#include "harness/cli/commands.hpp"

#include <iostream>

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  CLI::App app{"zfcheck: property-based and fuzz testing harness for DeepSpeed's ZenFlow set-up and schedule",
               "zfcheck"};
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Print help for every subcommand");
  int exit_code = zfcheck::cli::kExitOk;
  zfcheck::cli::add_eval_command(app, exit_code);
  zfcheck::cli::add_conformance_command(app, exit_code);
  zfcheck::cli::add_generate_command(app, exit_code);
  zfcheck::cli::add_profiles_command(app, exit_code);
  zfcheck::cli::add_topk_command(app, exit_code);
  zfcheck::cli::add_invariants_command(app, exit_code);
  zfcheck::cli::add_check_command(app, exit_code);
  zfcheck::cli::add_grid_command(app, exit_code);
  zfcheck::cli::add_sweep_command(app, exit_code);
  zfcheck::cli::add_table_command(app, exit_code);
  zfcheck::cli::add_diff_command(app, exit_code);
  zfcheck::cli::add_report_command(app, exit_code);
  zfcheck::cli::add_replay_command(app, exit_code);
  zfcheck::cli::add_review_command(app, exit_code);
  zfcheck::cli::add_history_command(app, exit_code);
  zfcheck::cli::add_corpus_command(app, exit_code);
  zfcheck::cli::add_explain_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : zfcheck::cli::kExitUsage;
  }
  return exit_code;
}
