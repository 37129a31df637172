// What zfcheck says when its command line cannot be parsed: the nearest command or option to a misspelt one,
// the help of a command given without its subcommand, CLI11's own message for the rest.
#pragma once

#include <CLI/CLI.hpp>

namespace zfcheck::cli {

// Prints what `error` (raised while parsing `app`) calls for and returns the exit status: 0 for --help,
// --help-all and --version; otherwise 2 (bad usage), after one of
//   "zfcheck CMD: unknown option '--x'; did you mean '--y'?"            (and where to find the options)
//   "zfcheck CMD: unknown command 'x'; did you mean 'y'? (known: ...)"
//   the help of CMD on standard output, when CMD needs a subcommand and none was given (bare `zfcheck`)
//   "zfcheck CMD: <CLI11's message>"
int report_usage_error(CLI::App& app, const CLI::ParseError& error);

}  // namespace zfcheck::cli
