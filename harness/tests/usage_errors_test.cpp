// End-to-end tests of what zfcheck says about a command line it cannot parse (harness/cli/usage_errors).
#include "cli_support.hpp"

#include <gtest/gtest.h>

#include <regex>

namespace zfcheck {
namespace {

bool has(const testing::Run& run, const std::string& text) { return run.out.find(text) != std::string::npos; }

TEST(UsageErrors, AMisspeltCommandIsNamedWithTheNearestAndTheList) {
  auto run = testing::run_zfcheck("explian x.json", true);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(
      has(run, "zfcheck: unknown command 'explian'; did you mean 'explain'? (known: eval, conformance, "))
      << run.out;
  EXPECT_FALSE(has(run, "A subcommand is required")) << run.out;
  auto nested = testing::run_zfcheck("corpus ad", true);
  EXPECT_EQ(nested.status, 2) << nested.out;
  EXPECT_TRUE(has(nested, "zfcheck corpus: unknown command 'ad'; did you mean 'add'? (known: add, cases)"))
      << nested.out;
}

TEST(UsageErrors, AMisspeltOptionIsNamedWithTheNearestOfItsCommand) {
  auto run = testing::run_zfcheck("explain x.json --dataloader-length 5", true);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(
      has(run, "zfcheck explain: unknown option '--dataloader-length'; did you mean '--dataloader-len'?\n"))
      << run.out;
  EXPECT_TRUE(has(run, "Run 'zfcheck explain --help' for its options")) << run.out;
  EXPECT_FALSE(has(run, "not expected")) << run.out;
  auto with_value = testing::run_zfcheck("sweep --profle=pr-8456", true);
  EXPECT_TRUE(has(with_value, "zfcheck sweep: unknown option '--profle'; did you mean '--profile'?"))
      << with_value.out;
  auto top = testing::run_zfcheck("--verison", true);
  EXPECT_TRUE(has(top, "zfcheck: unknown option '--verison'; did you mean '--version'?")) << top.out;
}

TEST(UsageErrors, AnUnknownProfileOrSwitchListsTheKnownOnes) {
  auto profile = testing::run_zfcheck("table --profile deepspeed-edaa72", true);
  EXPECT_EQ(profile.status, 2) << profile.out;
  EXPECT_TRUE(has(profile,
                  "zfcheck table: unknown profile 'deepspeed-edaa72'; did you mean 'deepspeed-edaa722'? "
                  "(known: deepspeed-edaa722, deepspeed-8274, pr-8456-4ffc94ea, pr-8456)"))
      << profile.out;
  auto sw = testing::run_zfcheck("table --profile pr-8456:warning_raise=on", true);
  EXPECT_EQ(sw.status, 2) << sw.out;
  EXPECT_TRUE(has(
      sw, "unknown switch 'warning_raise'; did you mean 'warning_raises'? (known: topk_ratio_open_interval,"))
      << sw.out;
}

TEST(UsageErrors, BareZfcheckPrintsTheUsageAndTheCommands) {
  auto run = testing::run_zfcheck("");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(has(run, "Usage: zfcheck [OPTIONS] SUBCOMMAND")) << run.out;
  EXPECT_TRUE(has(run, "\nSubcommands:\n")) << run.out;
  EXPECT_TRUE(has(run, "  explain ")) << run.out;
  auto corpus = testing::run_zfcheck("corpus");
  EXPECT_EQ(corpus.status, 2) << corpus.out;
  EXPECT_TRUE(has(corpus, "Usage: zfcheck corpus [OPTIONS] SUBCOMMAND")) << corpus.out;
}

TEST(UsageErrors, OtherMistakesKeepCli11sMessageUnderTheCommandsName) {
  auto run = testing::run_zfcheck("eval a.jsonl b.jsonl", true);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(has(run, "zfcheck eval: unexpected argument 'b.jsonl'")) << run.out;
  auto missing = testing::run_zfcheck("diff --from pr-8456", true);
  EXPECT_EQ(missing.status, 2) << missing.out;
  EXPECT_TRUE(has(missing, "zfcheck diff: --to is required")) << missing.out;
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
