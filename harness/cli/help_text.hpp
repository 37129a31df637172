// The help every command prints: a footer saying what it does beyond its options and, always, its exit
// statuses (the one place each command documents them); --help-all shows the footers too.
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <string_view>

namespace zfcheck::cli {

// What each exit status means for one command (docs/design.md#conventions: 0 all good, 1 a finding or a
// failed check, 2 bad usage or unreadable input). `finding` empty: the command never exits 1.
struct ExitStatuses {
  std::string ok;
  std::string finding;
  std::string usage;
};

// Sets the command's footer: `about` (prose, may be empty; each line longer than the help's width is
// wrapped to it, so a paragraph can be one line), then "Exit status: 0 <ok>, 1 <finding>, 2 <usage>."
// wrapped to the width. Every command's footer is set here.
void set_help_footer(CLI::App* cmd, std::string_view about, const ExitStatuses& exits);

// A formatter whose --help-all shows each command's footer under its options.
class HelpFormatter : public CLI::Formatter {
 public:
  std::string make_expanded(const CLI::App* sub) const override;
};

}  // namespace zfcheck::cli
