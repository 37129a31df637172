// End-to-end tests of `zfcheck replay`: readable mismatch rows, malformed seeds named, exit codes.
#include "cli_support.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

namespace zfcheck {
namespace {

namespace fs = std::filesystem;

// `corpus add` of the thread's step/10 row into `dir`; returns the seed's path.
fs::path add_step_10(const fs::path& dir) {
  // A case file per test (ctest runs the tests in parallel), beside `dir`: replay would read it as a seed.
  std::string c = testing::write_temp(dir.filename().string() + ".case",
                                      R"({"zenflow":{"select_strategy":"step","select_interval":10}})");
  auto run = testing::run_zfcheck("corpus add --title 'step 10' --source t --date 2026-01-01 --case " + c +
                                  " --out " + dir.string());
  EXPECT_EQ(run.status, 0) << run.out;
  return dir / "step-10.json";
}

bool has_line(const std::string& out, const std::string& pattern) {
  std::regex re(pattern);
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    if (std::regex_match(line, re)) return true;
  }
  return false;
}

TEST(ReplayCommand, aSeedAsWrittenReplaysClean) {
  testing::ScratchDir dir("replay_command_test_clean");
  add_step_10(dir);
  auto run = testing::run_zfcheck("replay " + dir.string());
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_EQ(run.out, "replay: 1 seed, 4 expectations, 0 mismatches\n");
}

TEST(ReplayCommand, changingOneExpectationFailsWithARowNamingSeedProfileFieldAndBothValues) {
  testing::ScratchDir dir("replay_command_test_changed");
  fs::path seed = add_step_10(dir);
  std::string text = testing::read_file(seed);
  std::size_t line = text.find("    \"pr-8456\": ");
  ASSERT_NE(line, std::string::npos) << text;
  std::size_t count = text.find("\"selection_count\":4", line);
  ASSERT_NE(count, std::string::npos) << text;
  text.replace(count, 19, "\"selection_count\":5");
  std::ofstream(seed, std::ios::binary) << text;

  auto run = testing::run_zfcheck("replay " + dir.string());
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_TRUE(has_line(run.out, R"(seed +profile +field +expected +actual)")) << run.out;
  EXPECT_TRUE(has_line(run.out, R"(step-10 +pr-8456 +selection_count +5 +4)")) << run.out;
  EXPECT_TRUE(has_line(run.out, R"(replay: 1 seed, 4 expectations, 1 mismatch)")) << run.out;
}

TEST(ReplayCommand, aMalformedSeedIsNamedAndTheOthersStillReplay) {
  testing::ScratchDir dir("replay_command_test_malformed");
  fs::path seed = add_step_10(dir);
  std::string text = testing::read_file(seed);
  text.replace(text.find("\"outcome\":\"ok\""), 14, "\"outcome\":\"fine\"");
  std::ofstream(dir / "a-broken.json", std::ios::binary) << text;

  auto run = testing::run_zfcheck("replay " + dir.string(), true);
  EXPECT_EQ(run.status, 2) << run.out;
  std::string file = (dir / "a-broken.json").string();
  EXPECT_NE(run.out.find(
                "zfcheck replay: " + file +
                ": line 11: expect.deepspeed-edaa722.outcome: must be one of ok, config_error, init_error, "
                "step_error, unmodelled, not fine"),
            std::string::npos)
      << run.out;
  EXPECT_TRUE(has_line(run.out, R"(replay: 1 seed, 4 expectations, 0 mismatches, 1 unreadable seed)"))
      << run.out;
}

TEST(ReplayCommand, aSeedMissingAKeyIsNamedWithTheLineOfItsObject) {
  testing::ScratchDir dir("replay_command_test_no_source");
  fs::path seed = add_step_10(dir);
  std::string text = testing::read_file(seed);
  std::size_t source = text.find("  \"source\"");
  text.erase(source, text.find("},\n", source) + 3 - source);
  std::ofstream(dir / "bad.json", std::ios::binary) << text;
  auto run = testing::run_zfcheck("replay " + (dir / "bad.json").string(), true);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(
      has_line(run.out, "zfcheck replay: " + (dir / "bad.json").string() + ": line 1: source: missing"))
      << run.out;
}

TEST(ReplayCommand, aSeedThatIsNotJsonIsShownAtItsLineAndColumnWithACaret) {
  testing::ScratchDir dir("replay_command_test_not_json");
  fs::path seed = add_step_10(dir);
  std::string text = testing::read_file(seed);
  text.replace(text.find("\"title\""), 7, "title");
  std::ofstream(seed, std::ios::binary) << text;
  auto run = testing::run_zfcheck("replay " + seed.string(), true);
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_NE(run.out.find(seed.string() + ": line 2, column 3: not JSON: "), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\n      title: \"step 10\",\n      ^\n"), std::string::npos) << run.out;
}

TEST(ReplayCommand, dashReadsOneSeedFromStandardInput) {
  testing::ScratchDir dir("replay_command_test_stdin");
  fs::path seed = add_step_10(dir);
  auto run = testing::run_zfcheck("replay - < " + seed.string());
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_EQ(run.out, "replay: 1 seed, 4 expectations, 0 mismatches\n");
}

TEST(ReplayCommand, runFromElsewhereTheBuildTreesZfcheckReplaysItsCheckoutsCorpus) {
  auto run = testing::run_shell("cd / && " + std::string(testing::kZfcheckBinary) + " replay");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(has_line(run.out, R"(replay: [0-9]+ seeds, [0-9]+ expectations, 0 mismatches)")) << run.out;
}

TEST(ReplayCommand, aZfcheckWithoutItsDataSaysHowToPointAtItAndThenReplays) {
  testing::ScratchDir dir("replay_command_test_elsewhere");
  fs::path bin = dir / "bin";
  fs::create_directories(bin);
  fs::copy_file(testing::kZfcheckBinary, bin / "zfcheck");
  auto lost =
      testing::run_shell("cd / && env -u ZFCHECK_DATA_DIR " + (bin / "zfcheck").string() + " replay", true);
  EXPECT_EQ(lost.status, 2) << lost.out;
  EXPECT_NE(lost.out.find("zfcheck replay: no zfcheck data: corpus/reviewed is in none of ZFCHECK_DATA_DIR"),
            std::string::npos)
      << lost.out;
  EXPECT_NE(lost.out.find("set ZFCHECK_DATA_DIR to a zfcheck checkout or to an installation's share/zfcheck"),
            std::string::npos)
      << lost.out;
  auto pointed = testing::run_shell("cd / && ZFCHECK_DATA_DIR=" + std::string(testing::kSourceDir) + " " +
                                    (bin / "zfcheck").string() + " replay");
  EXPECT_EQ(pointed.status, 0) << pointed.out;
}

TEST(ReplayCommand, noSeedOrAMissingPathIsAUsageError) {
  EXPECT_EQ(
      testing::run_zfcheck("replay " + testing::ScratchDir("replay_command_test_empty").string()).status, 2);
  EXPECT_EQ(testing::run_zfcheck("replay /nonexistent/seeds").status, 2);
  EXPECT_EQ(testing::run_zfcheck("replay --help").status, 0);
}

}  // namespace
}  // namespace zfcheck
