// Bash completion for zfcheck, written from the CLI11 command tree itself, so that it always knows every
// subcommand, option and choice the help shows.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

namespace zfcheck::cli {

// A bash script defining the completion function `_zfcheck` for `zfcheck`: subcommands, the options of
// the command being typed, the choices of an option that has them (its help's {a,b,c}; the built-in
// profiles for a PROFILE or ENGINE option), and file names elsewhere. Hidden commands and options are left
// out.
std::string bash_completion_script(const CLI::App& app);

}  // namespace zfcheck::cli
