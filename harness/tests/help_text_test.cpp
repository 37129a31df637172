// Every command's --help says what its exit statuses mean, in a footer set_help_footer wrote (its exit
// statuses start a line, no line wider than the help), and --help-all shows it too (harness/cli/help_text).
#include "cli_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

namespace zfcheck {
namespace {

// The subcommands `<path> --help` lists under "Subcommands:", and theirs, as paths ("profiles fit").
void add_commands(const std::string& path, std::vector<std::string>& out) {
  std::istringstream in(testing::run_zfcheck(path + " --help").out);
  bool listed = false;
  for (std::string line; std::getline(in, line);) {
    if (line == "Subcommands:") {
      listed = true;
    } else if (listed && line.rfind("  ", 0) == 0 && line.size() > 2 && line[2] != ' ') {
      std::string name = line.substr(2, line.find(' ', 2) - 2);
      std::string sub = path.empty() ? name : path + " " + name;
      out.push_back(sub);
      add_commands(sub, out);
    } else if (listed) {
      listed = line.rfind("  ", 0) == 0;  // a wrapped description line, or the end of the list
    }
  }
}

TEST(HelpText, EveryCommandDocumentsItsExitStatusesInItsHelp) {
  std::vector<std::string> all;
  add_commands("", all);
  for (const char* expected : {"eval", "explain", "replay", "diff", "corpus add", "profiles fit"})
    EXPECT_NE(std::find(all.begin(), all.end(), expected), all.end()) << expected;
  for (const std::string& command : all) {
    auto help = testing::run_zfcheck(command + " --help");
    EXPECT_EQ(help.status, 0) << command;
    EXPECT_NE(help.out.find("\nExit status: 0 "), std::string::npos) << command << ":\n" << help.out;
    std::istringstream footer(help.out.substr(help.out.rfind("\n\n") + 2));
    for (std::string line; std::getline(footer, line);)
      EXPECT_LE(line.size(), 110u) << command << ": " << line;
  }
  EXPECT_NE(testing::run_zfcheck("--help").out.find("Exit status: 0 "), std::string::npos);
}

TEST(HelpText, HelpAllShowsEachCommandsFooter) {
  auto all = testing::run_zfcheck("--help-all");
  EXPECT_NE(all.out.find("\n  Exit status: 0 the new engine introduces no cause"), std::string::npos)
      << all.out;
}

}  // namespace
}  // namespace zfcheck
