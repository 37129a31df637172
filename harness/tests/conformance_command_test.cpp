// End-to-end tests of `zfcheck conformance`'s command line: the engine vocabulary of every command, the old
// spelling still read with a note. (The runs against upstream's code are harness/upstream/tests/.)
#include "cli_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

bool has(const testing::Run& run, const std::string& text) { return run.out.find(text) != std::string::npos; }

TEST(ConformanceCommand, UpstreamIsNamedAsEveryCommandNamesIt) {
  auto none = testing::run_zfcheck("conformance --sweep", true);
  EXPECT_EQ(none.status, 2) << none.out;
  EXPECT_TRUE(has(none, "zfcheck conformance: name upstream's code: --upstream PATH[@REV]")) << none.out;
  auto help = testing::run_zfcheck("conformance --help");
  EXPECT_TRUE(has(help, "--upstream PATH[@REV]")) << help.out;
  EXPECT_FALSE(has(help, "  --deepspeed")) << help.out;  // the old spelling is read, not offered
  EXPECT_FALSE(has(help, "Excludes: \n")) << help.out;
}

TEST(ConformanceCommand, TheCasesComeFromOnePlace) {
  std::string cases = testing::write_temp("conformance_command_cases.jsonl", "{\"zenflow\":{}}\n");
  auto both = testing::run_zfcheck(
      "conformance --upstream /nonexistent --profile deepspeed-8274 --sweep " + cases, true);
  EXPECT_EQ(both.status, 2) << both.out;
  EXPECT_TRUE(
      has(both, "give exactly one of a cases file (or - for standard input), --sweep or --generated N"))
      << both.out;
}

TEST(ConformanceCommand, WithoutAProfileTheRevisionMustBeOneABuiltInProfileModels) {
  auto run = testing::run_zfcheck("conformance --upstream /nonexistent --sweep", true);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(
      has(run, "/nonexistent is not the revision of a built-in profile: name the profile with --profile P"))
      << run.out;
}

TEST(ConformanceCommand, TheOldSpellingStillWorksWithANoteSayingTheNewOne) {
  std::string cases = testing::write_temp("conformance_command_old.jsonl", "{\"zenflow\":{}}\n");
  auto run = testing::run_zfcheck(
      "conformance --deepspeed /nonexistent --rev master --profile deepspeed-8274 --cases " + cases, true);
  EXPECT_EQ(run.status, 2) << run.out;  // no checkout there
  EXPECT_TRUE(has(run, "--cases FILE is deprecated; give the file as the argument")) << run.out;
  EXPECT_TRUE(
      has(run, "--deepspeed PATH [--rev REV | --worktree] is deprecated; say --upstream /nonexistent@master"))
      << run.out;
  auto pr =
      testing::run_zfcheck("conformance --deepspeed /nonexistent --profile pr-8456 --cases " + cases, true);
  EXPECT_EQ(pr.status, 2) << pr.out;
  EXPECT_TRUE(has(pr, "there is no upstream revision to run it against")) << pr.out;
}

}  // namespace
}  // namespace zfcheck
