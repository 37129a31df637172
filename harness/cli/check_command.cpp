// `zfcheck check`: `eval` plus, on each result, the names of the invariants it breaks.
#include "harness/checks/invariants.hpp"
#include "harness/cli/case_stream.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/help_text.hpp"

#include <memory>

namespace zfcheck::cli {

namespace {

// The "violations" key of docs/eval-format.md: [] for a line that is not a case.
bool add_violations(const Case* c, const Result& r, py::ObjectWriter& out) {
  std::string& list = out.key("violations");
  list += '[';
  bool broken = false;
  if (c != nullptr) {
    for (std::string_view name : violations(*c, r)) {
      if (broken) list += ',';
      py::write_json_string(list, name);
      broken = true;
    }
  }
  list += ']';
  return broken;
}

}  // namespace

void add_check_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<CaseStreamOptions>();
  CLI::App* cmd =
      app.add_subcommand("check", "Like eval, with the invariants each result breaks (\"violations\")");
  add_case_stream_options(cmd, *opts);
  set_help_footer(
      cmd,
      "Each output line is eval's result with one more key, \"violations\": the names of the invariants\n"
      "(zfcheck invariants) that the result breaks, [] when none.",
      {"no result breaks an invariant", "some result does", "some line was not a case, or bad usage"});
  cmd->callback([opts, &exit_code] { exit_code = stream_cases("check", *opts, add_violations); });
}

}  // namespace zfcheck::cli
