// `zfcheck grid`: the sweep grid as eval-format case lines, to run elsewhere (e.g. zf_upstream.py).
#include "harness/checks/sweep_grid.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/io/case_io.hpp"

#include <iostream>

namespace zfcheck::cli {

namespace {

int run_grid() {
  std::string out;
  std::uint64_t index = 0;
  SweepGrid::builtin().for_each([&](const Case& c) {
    Case named = c;
    named.id = py::Str{std::to_string(index++)};
    out = case_line(named);
    out += '\n';
    std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
  });
  std::cout.flush();
  return kExitOk;
}

}  // namespace

void add_grid_command(CLI::App& app, int& exit_code) {
  CLI::App* cmd = app.add_subcommand("grid", "Print the sweep grid's cases as eval-format JSON lines");
  set_help_footer(cmd,
                  "Each line is one case, its id the grid index. The grid is documented in "
                  "harness/checks/sweep_grid.hpp.",
                  {"the grid was printed", "", "bad usage"});
  cmd->callback([&exit_code] { exit_code = run_grid(); });
}

}  // namespace zfcheck::cli
