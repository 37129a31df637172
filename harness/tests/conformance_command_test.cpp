// End-to-end tests of `zfcheck conformance`'s command line: the engine vocabulary of every command, the old
// spelling still read with a note. (The runs against upstream's code are harness/upstream/tests/.)
#include "cli_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(ConformanceCommand, UpstreamIsNamedAsEveryCommandNamesIt) {
  EXPECT_TRUE(testing::exits_printing("conformance --sweep", 2,
                                      "zfcheck conformance: name upstream's code: --upstream PATH[@REV]"));
  auto help = testing::run_zfcheck("conformance --help");
  EXPECT_TRUE(testing::output_has(help, "--upstream PATH[@REV]")) << help.out;
  EXPECT_FALSE(testing::output_has(help, "  --deepspeed"))
      << help.out;  // the old spelling is read, not offered
  EXPECT_FALSE(testing::output_has(help, "Excludes: \n")) << help.out;
}

TEST(ConformanceCommand, TheCasesComeFromOnePlace) {
  std::string cases = testing::write_temp("conformance_command_cases.jsonl", "{\"zenflow\":{}}\n");
  EXPECT_TRUE(testing::exits_printing(
      "conformance --upstream /nonexistent --profile deepspeed-8274 --sweep " + cases, 2,
      "give exactly one of a cases file (or - for standard input), --sweep or "
      "--generated N"));
}

TEST(ConformanceCommand, WithoutAProfileTheRevisionMustBeOneABuiltInProfileModels) {
  EXPECT_TRUE(testing::exits_printing(
      "conformance --upstream /nonexistent --sweep", 2,
      "/nonexistent is not the revision of a built-in profile: name the model's profile with --profile P"));
}

TEST(ConformanceCommand, TheOldSpellingStillWorksWithANoteSayingTheNewOne) {
  std::string cases = testing::write_temp("conformance_command_old.jsonl", "{\"zenflow\":{}}\n");
  const std::string old =
      "conformance --deepspeed /nonexistent --rev master --profile deepspeed-8274 --cases " + cases;
  // Exit 2: there is no checkout there; the notes come first.
  EXPECT_TRUE(testing::exits_printing(old, 2, "--cases FILE is deprecated; give the file as the argument"));
  EXPECT_TRUE(testing::exits_printing(
      old, 2, "--deepspeed PATH [--rev REV | --worktree] is deprecated; say --upstream /nonexistent@master"));
  EXPECT_TRUE(
      testing::exits_printing("conformance --deepspeed /nonexistent --profile pr-8456 --cases " + cases, 2,
                              "there is no upstream revision to run it against"));
}

}  // namespace
}  // namespace zfcheck
