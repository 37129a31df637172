// `zfcheck generate`: cases drawn from the property generators, as eval-format lines.
#include "harness/cli/commands.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/io/case_io.hpp"
#include "properties/generators/generators.hpp"
#include "reference/py_json.hpp"

#include <iostream>
#include <memory>

namespace zfcheck::cli {

void add_generate_command(CLI::App& app, int& exit_code) {
  struct Options {
    std::size_t count = 1000;
    std::uint64_t seed = 1;
  };
  auto opts = std::make_shared<Options>();
  CLI::App* cmd = app.add_subcommand("generate", "Print cases drawn from the property generators (eval-format lines)");
  cmd->add_option("-n,--count", opts->count, "how many cases")->capture_default_str();
  cmd->add_option("--seed", opts->seed, "random seed; the same seed gives the same cases")->capture_default_str();
  set_help_footer(cmd, "The seed is printed on standard error; the same seed gives the same cases.",
                  {"the cases were printed", "", "bad usage"});
  cmd->callback([opts, &exit_code] {
    std::cerr << "zfcheck generate: seed " << opts->seed << "\n";
    std::string line;
    gen::sample_cases(opts->seed, opts->count, [&](const Case& c) {
      line = case_line(c);
      line += '\n';
      std::cout.write(line.data(), static_cast<std::streamsize>(line.size()));
    });
    exit_code = kExitOk;
  });
}

}  // namespace zfcheck::cli
