// `zfcheck eval`: eval-format cases in, results out, one line each, streaming.
#include "harness/cli/case_stream.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/help_text.hpp"

#include <memory>

namespace zfcheck::cli {

void add_eval_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<CaseStreamOptions>();
  CLI::App* cmd =
      app.add_subcommand("eval", "Evaluate eval-format cases (JSON Lines) and print one result per line");
  add_case_stream_options(cmd, *opts);
  set_help_footer(
      cmd,
      "Each input line is one case; each output line is its result, in order (docs/eval-format.md).\n"
      "A line that is not a usable case gets an invalid_case result and the run goes on.",
      {"every line was a case", "", "some line was not, or bad usage"});
  cmd->callback([opts, &exit_code] { exit_code = stream_cases("eval", *opts, nullptr); });
}

}  // namespace zfcheck::cli
