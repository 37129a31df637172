// `zfcheck completion bash` (hidden): the bash completion script, written from the command tree it is part
// of.
#include "harness/cli/bash_completion.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/help_text.hpp"

#include <iostream>
#include <memory>

namespace zfcheck::cli {

void add_completion_command(CLI::App& app, int& exit_code) {
  auto shell = std::make_shared<std::string>();
  CLI::App* cmd =
      app.add_subcommand("completion", "Print the shell completion script: zfcheck completion bash");
  cmd->group("");  // hidden: installed as share/bash-completion/completions/zfcheck
  cmd->add_option("shell", *shell, "The shell")->check(CLI::IsMember({"bash"}))->required();
  set_help_footer(cmd, "Load it with: source <(zfcheck completion bash)",
                  {"the script was printed", "", "bad usage"});
  const CLI::App* root = &app;
  cmd->callback([shell, root, &exit_code] {
    std::cout << bash_completion_script(*root);
    exit_code = kExitOk;
  });
}

}  // namespace zfcheck::cli
