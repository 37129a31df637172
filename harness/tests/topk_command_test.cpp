// Tests of `zfcheck topk` as a user runs it: one answer line per input line, exit codes 0 / 1 / 2.
#include "cli_support.hpp"
#include "reference/profile.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Run {
  int exit_code = -1;
  std::vector<nlohmann::json> lines;
};

Run run_topk(const std::string& args, const std::string& input) {
  // One file per test: ctest runs the tests of this program in parallel.
  std::string path = zfcheck::testing::write_temp(
      std::string("topk_command_") + ::testing::UnitTest::GetInstance()->current_test_info()->name() +
          ".jsonl",
      input);
  auto result = zfcheck::testing::run_zfcheck("topk " + args + " " + path);
  Run run{result.status, {}};
  std::istringstream lines(result.out);
  for (std::string line; std::getline(lines, line);) run.lines.push_back(nlohmann::json::parse(line));
  return run;
}

const std::string kAligned =
    R"({"id":"aligned","stage":2,"topk_ratio":0.5,"world_size":2,"dtype":"float32","params":[{"shape":[2,4],"grad":[1,2,3,4,5,6,7,8]}]})";
const std::string kStraddling =
    R"({"id":"straddling","stage":2,"topk_ratio":0.5,"world_size":3,"dtype":"bfloat16","params":[{"shape":[4,5],"grad":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]}],"partition":[7,7,6]})";
// docs/zenflow.md#d39: a bias ahead of a (4, 6) weight whose column j holds four values j + 1.
const std::string kBiasFirst =
    R"({"id":"bias","stage":1,"topk_ratio":0.5,"world_size":1,"dtype":"float32","params":[{"shape":[4],"grad":[100,200,300,400]},{"shape":[4,6],"grad":[1,1,1,1,2,2,2,2,3,3,3,3,4,4,4,4,5,5,5,5,6,6,6,6]}]})";

TEST(TopkCommand, OracleAnswersEveryLine) {
  auto run = run_topk("", kAligned + "\n" + kStraddling + "\n");
  EXPECT_EQ(run.exit_code, 0);
  ASSERT_EQ(run.lines.size(), 2u);
  EXPECT_EQ(run.lines[0]["params"][0]["selected"], nlohmann::json::parse("[1, 3]"));
  EXPECT_FALSE(run.lines[0].contains("violations"));
}

TEST(TopkCommand, KernelGivesTheOraclesAnswer) {
  auto oracle = run_topk("--impl oracle", kStraddling + "\n");
  auto kernel = run_topk("--impl kernel", kStraddling + "\n");
  EXPECT_EQ(kernel.exit_code, 0);
  EXPECT_EQ(kernel.lines, oracle.lines);
}

TEST(TopkCommand, BothListsViolationsAndExitsOneOnAFinding) {
  auto clean = run_topk("--impl both", kAligned + "\n");
  EXPECT_EQ(clean.exit_code, 0);
  EXPECT_EQ(clean.lines.at(0)["violations"], nlohmann::json::array());
  auto finding = run_topk("--impl both", kStraddling + "\n");
  EXPECT_EQ(finding.exit_code, 1);
  // Each rank holds one whole column (int(0.5 * 1) = 0 selected) and columns 1 and 3 straddle.
  EXPECT_EQ(finding.lines.at(0)["violations"],
            nlohmann::json::parse(R"(["topk-selects-something", "every-column-selectable"])"));
}

TEST(TopkCommand, OneDShiftIsAFindingAndTheFixedRuleIsOneSwitchAway) {
  auto upstream = run_topk("--impl both", kBiasFirst + "\n");
  EXPECT_EQ(upstream.exit_code, 1);
  const auto& line = upstream.lines.at(0);
  EXPECT_EQ(line["params"][0]["skipped"], true);
  EXPECT_EQ(line["params"][1]["selected"], nlohmann::json::parse("[0, 4, 5]"));
  EXPECT_EQ(line["violations"], nlohmann::json::parse(R"(["topk-scores-own-columns"])"));
  auto fixed = run_topk("--impl both --profile pr-8456:one_d_params_shift_offsets=off", kBiasFirst + "\n");
  EXPECT_EQ(fixed.exit_code, 0);
  EXPECT_EQ(fixed.lines.at(0)["params"][1]["selected"], nlohmann::json::parse("[3, 4, 5]"));
  EXPECT_EQ(fixed.lines.at(0)["violations"], nlohmann::json::array());
  EXPECT_EQ(run_topk("--profile pr-9999", kBiasFirst + "\n").exit_code, 2);
}

// The reviewed seeds of real layers (corpus/fuzz/topk_fuzzer), each with the findings and selections
// reviewed by hand: where a weight follows a bias or a norm in the bucket it is read from shifted
// offsets; the small-scale 7B MLP block over 8 ranks selects nothing in its gate and up weights
// (int(0.1 x 6) = 0 per rank) and has straddling columns.
TEST(TopkCommand, ReviewedLayerSeedsKeepTheirFindings) {
  struct Reviewed {
    const char* seed;
    const char* violations;
    const char* selected;  // per parameter; null for an error
  };
  const Reviewed reviewed[] = {
      {"seed-11", R"(["topk-scores-own-columns"])", "[[], [0, 4, 5]]"},
      {"seed-12", R"(["topk-selects-something", "topk-scores-own-columns"])",
       "[[], [], [0], [], [2, 3], []]"},
      {"seed-13", R"(["topk-selects-something", "every-column-selectable", "topk-scores-own-columns"])",
       "[[], [], [], [], [1], []]"},
      {"seed-14", R"(["topk-selects-something", "every-column-selectable"])", "[[], [], [], [5, 15, 29]]"},
      {"seed-15", "[]", "[[], [], []]"},
  };
  for (const Reviewed& r : reviewed) {
    auto run = zfcheck::testing::run_zfcheck(
        "topk --impl both " +
        zfcheck::testing::source_path(std::string("corpus/fuzz/topk_fuzzer/") + r.seed + ".jsonl"));
    auto answer = nlohmann::json::parse(run.out);
    EXPECT_EQ(answer["violations"], nlohmann::json::parse(r.violations)) << r.seed;
    nlohmann::json selected = nlohmann::json::array();
    for (const auto& param : answer["params"]) selected.push_back(param.value("selected", nlohmann::json()));
    EXPECT_EQ(selected, nlohmann::json::parse(r.selected)) << r.seed;
  }
}

// Every top-k finding corpus/findings records replays, through the shell as printed, to its recorded
// answer, and exits 1 (a finding).
TEST(TopkCommand, RecordedTopkFindingsReplay) {
  const std::string kCommand = "| zfcheck ";
  for (const zfcheck::Profile& profile : zfcheck::builtin_profiles()) {
    std::ifstream in(zfcheck::testing::source_path("corpus/findings/" + profile.name + ".json"));
    auto findings = nlohmann::ordered_json::parse(in)["topk_findings"];
    ASSERT_FALSE(findings.empty()) << profile.name;
    for (const auto& finding : findings) {
      std::string replay = finding["replay"];
      auto at = replay.find(kCommand);
      ASSERT_NE(at, std::string::npos) << replay;
      replay.replace(at, kCommand.size(), "| " + std::string(zfcheck::testing::kZfcheckBinary) + " ");
      auto run = zfcheck::testing::run_shell(replay);
      EXPECT_EQ(run.status, 1) << replay;
      EXPECT_EQ(run.out, finding["answer"].dump() + "\n") << replay;
    }
  }
}

TEST(TopkCommand, MalformedLinesAreAnsweredAndExitTwo) {
  auto run = run_topk("--impl both", "{\"id\": \"bad\", \"stage\": 9}\n" + kAligned + "\n");
  EXPECT_EQ(run.exit_code, 2);
  ASSERT_EQ(run.lines.size(), 2u);
  EXPECT_EQ(run.lines[0]["id"], "bad");
  EXPECT_EQ(run.lines[0]["error"]["type"], "CaseError");
  EXPECT_EQ(run.lines[0]["error"]["field"], "stage");
  EXPECT_TRUE(run.lines[1].contains("params"));
}

TEST(TopkCommand, BadUsageExitsTwo) { EXPECT_EQ(run_topk("--impl gpu", "").exit_code, 2); }

}  // namespace
