// The zfcheck command: one subcommand per driver of the reference model.
#include "harness/cli/build_version.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/cli/usage_errors.hpp"

#include <iostream>

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  CLI::App app{"zfcheck: property-based and fuzz testing harness for DeepSpeed's ZenFlow set-up and schedule",
               "zfcheck"};
  app.formatter(std::make_shared<zfcheck::cli::HelpFormatter>());  // before the subcommands, which inherit it
  app.require_subcommand(1);
  app.set_help_all_flag("--help-all", "Print help for every subcommand");
  app.set_version_flag("--version", std::string(zfcheck::cli::build_version()),
                       "Print zfcheck's version and the git revision it was built from");
  zfcheck::cli::set_help_footer(
      &app,
      "Every command that reads a file takes - for standard input. Environment: ZFCHECK_DATA_DIR names the\n"
      "data (the reviewed corpus; default: the checkout of a build tree, else the installation's\n"
      "share/zfcheck); NO_COLOR turns colour off (verdicts are coloured on a terminal only).\n"
      "zfcheck with no command prints this help.",
      {"all good", "a finding or a failed check",
       "bad usage or unreadable input (each command's --help says more)"});
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
  zfcheck::cli::add_completion_command(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return zfcheck::cli::report_usage_error(app, e);
  }
  return exit_code;
}
