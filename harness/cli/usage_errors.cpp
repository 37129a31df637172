// Parse errors explained from the command tree CLI11 parsed into: suggestions from its names, the help when a
// subcommand is missing.
#include "harness/cli/usage_errors.hpp"

#include "harness/cli/commands.hpp"
#include "reference/nearest_name.hpp"

#include <iostream>

namespace zfcheck::cli {

namespace {

// The command the parse reached: the last subcommand parsed at each level.
CLI::App* reached(CLI::App& app) {
  CLI::App* at = &app;
  while (!at->get_subcommands().empty()) at = at->get_subcommands().back();
  return at;
}

// "zfcheck explain", "zfcheck corpus add".
std::string path_of(const CLI::App* app) {
  std::string path;
  for (const CLI::App* at = app; at != nullptr; at = at->get_parent())
    path = at->get_name() + (path.empty() ? "" : " " + path);
  return path;
}

// The subcommands the help shows (a hidden one has no group).
std::vector<std::string> visible_commands(CLI::App* app) {
  std::vector<std::string> out;
  for (const CLI::App* sub : app->get_subcommands([](CLI::App* s) { return !s->get_group().empty(); }))
    out.push_back(sub->get_name());
  return out;
}

// The option names the help shows for `app`: --long and -s.
std::vector<std::string> visible_options(const CLI::App* app) {
  std::vector<std::string> out;
  for (const CLI::Option* opt :
       app->get_options([](const CLI::Option* o) { return o->nonpositional() && !o->get_group().empty(); })) {
    for (const std::string& n : opt->get_lnames()) out.push_back("--" + n);
    for (const std::string& n : opt->get_snames()) out.push_back("-" + n);
  }
  return out;
}

bool is_option(const std::string& arg) { return arg.size() > 1 && arg[0] == '-'; }

}  // namespace

int report_usage_error(CLI::App& app, const CLI::ParseError& error) {
  if (error.get_exit_code() == 0) return app.exit(error);  // --help, --help-all, --version
  CLI::App* at = reached(app);
  const std::string path = path_of(at);
  const std::vector<std::string> commands = visible_commands(at);
  const std::string help_hint =
      "Run '" + path + " --help' for its options" + (commands.empty() ? "." : " and subcommands.");
  std::vector<std::string> extras = app.remaining(true);
  std::vector<std::string> unknown_options;
  for (const std::string& arg : extras) {
    if (is_option(arg) && arg != "--") unknown_options.push_back(arg.substr(0, arg.find('=')));
  }
  std::cout.flush();
  if (!unknown_options.empty()) {
    const std::vector<std::string> known = visible_options(at);
    for (const std::string& option : unknown_options) {
      std::cerr << path << ": unknown option '" << option << "'";
      if (auto near = nearest_name(option, known)) std::cerr << "; did you mean '" << *near << "'?";
      std::cerr << "\n";
    }
    std::cerr << help_hint << "\n";
    return kExitUsage;
  }
  const bool wants_command = !commands.empty() && at->get_subcommands().empty();
  if (wants_command && !extras.empty()) {
    std::cerr << path << ": " << unknown_name_message("command", extras.front(), commands) << "\n"
              << help_hint << "\n";
    return kExitUsage;
  }
  if (wants_command && at->get_require_subcommand_min() > 0) {
    std::cout << at->help(at->get_parent() != nullptr ? path_of(at->get_parent()) : "");
    return kExitUsage;
  }
  if (!extras.empty()) {
    std::cerr << path << ": unexpected argument '" << extras.front() << "'\n" << help_hint << "\n";
    return kExitUsage;
  }
  std::cerr << path << ": " << error.what() << "\n" << help_hint << "\n";
  return kExitUsage;
}

}  // namespace zfcheck::cli
