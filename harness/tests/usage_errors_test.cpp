// End-to-end tests of what zfcheck says about a command line it cannot parse (harness/cli/usage_errors).
#include "cli_support.hpp"

#include <gtest/gtest.h>

#include <regex>

namespace zfcheck {
namespace {

TEST(UsageErrors, AMisspeltCommandIsNamedWithTheNearestAndTheList) {
  EXPECT_TRUE(testing::exits_printing(
      "explian x.json", 2,
      "zfcheck: unknown command 'explian'; did you mean 'explain'? (known: eval, conformance, "));
  EXPECT_FALSE(testing::output_has(testing::run_zfcheck("explian x.json", true), "A subcommand is required"));
  EXPECT_TRUE(testing::exits_printing(
      "corpus ad", 2, "zfcheck corpus: unknown command 'ad'; did you mean 'add'? (known: add, cases)"));
}

TEST(UsageErrors, AMisspeltOptionIsNamedWithTheNearestOfItsCommand) {
  EXPECT_TRUE(testing::exits_printing(
      "explain x.json --dataloader-length 5", 2,
      "zfcheck explain: unknown option '--dataloader-length'; did you mean '--dataloader-len'?\n"
      "Run 'zfcheck explain --help' for its options.\n"));
  EXPECT_FALSE(testing::output_has(testing::run_zfcheck("explain x.json --dataloader-length 5", true),
                                   "not expected"));
  EXPECT_TRUE(testing::exits_printing("sweep --profle=pr-8456", 2,
                                      "zfcheck sweep: unknown option '--profle'; did you mean '--profile'?"));
  EXPECT_TRUE(testing::exits_printing("--verison", 2,
                                      "zfcheck: unknown option '--verison'; did you mean '--version'?"));
}

TEST(UsageErrors, AnUnknownProfileOrSwitchListsTheKnownOnes) {
  EXPECT_TRUE(testing::exits_printing("table --profile deepspeed-edaa72", 2,
                                      "zfcheck table: unknown profile 'deepspeed-edaa72'; did you mean "
                                      "'deepspeed-edaa722'? (known: deepspeed-edaa722, deepspeed-8274, "
                                      "pr-8456-4ffc94ea, pr-8456)"));
  EXPECT_TRUE(testing::exits_printing(
      "table --profile pr-8456:warning_raise=on", 2,
      "unknown switch 'warning_raise'; did you mean 'warning_raises'? (known: topk_ratio_open_interval,"));
}

TEST(UsageErrors, BareZfcheckPrintsTheUsageAndTheCommands) {
  for (const char* shown : {"Usage: zfcheck [OPTIONS] SUBCOMMAND", "\nSubcommands:\n", "  explain "})
    EXPECT_TRUE(testing::exits_printing("", 2, shown));
  EXPECT_TRUE(testing::exits_printing("corpus", 2, "Usage: zfcheck corpus [OPTIONS] SUBCOMMAND"));
}

TEST(UsageErrors, OtherMistakesKeepCli11sMessageUnderTheCommandsName) {
  EXPECT_TRUE(
      testing::exits_printing("eval a.jsonl b.jsonl", 2, "zfcheck eval: unexpected argument 'b.jsonl'"));
  EXPECT_TRUE(testing::exits_printing("diff --from pr-8456", 2, "zfcheck diff: --to is required"));
}

TEST(UsageErrors, HelpAndVersionExitZero) {
  EXPECT_EQ(testing::run_zfcheck("--help").status, 0);
  EXPECT_EQ(testing::run_zfcheck("explain --help").status, 0);
  auto version = testing::run_zfcheck("--version");
  EXPECT_EQ(version.status, 0);
  EXPECT_TRUE(std::regex_search(
      version.out,
      std::regex(
          R"(^zfcheck [0-9]+\.[0-9]+\.[0-9]+ \((git [0-9a-f]{9}(, with uncommitted changes)?|no git revision: built from a source tree without \.git)\)\n$)")))
      << version.out;
}

}  // namespace
}  // namespace zfcheck
