// `zfcheck corpus`: the reviewed corpus's subcommands (add a seed, list the seeds' cases).
#include "harness/cli/commands.hpp"
#include "harness/cli/help_text.hpp"

namespace zfcheck::cli {

void add_corpus_command(CLI::App& app, int& exit_code) {
  CLI::App* cmd = app.add_subcommand("corpus", "Manage the reviewed corpus (corpus/reviewed/*.json)");
  cmd->require_subcommand(1);
  set_help_footer(cmd, "",
                  {"the subcommand succeeded", "", "bad usage (each subcommand's --help says more)"});
  add_corpus_add_command(*cmd, exit_code);
  add_corpus_cases_command(*cmd, exit_code);
}

}  // namespace zfcheck::cli
