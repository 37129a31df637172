// End-to-end tests of `zfcheck eval`: hostile input never crashes it, every line gets a result in order.
#include "cli_support.hpp"

#include "reference/py_json.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace zfcheck {
namespace {

std::vector<py::Value> results_of(const std::string& out) {
  std::vector<py::Value> results;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line)) {
    auto v = py::parse_json(line);
    EXPECT_TRUE(v.has_value()) << "unparsable output line: " << line;
    if (v) results.push_back(*v);
  }
  return results;
}

std::string outcome(const py::Value& result) { return result.as<py::Dict>()->find("outcome")->as<py::Str>()->text; }

TEST(EvalCommand, EveryHostileLineGetsAResultInOrder) {
  std::vector<std::string> lines{
      "not json",
      R"({"zenflow":{)",
      std::string(2000, '[') + std::string(2000, ']'),
      R"({"zenflow":{"select_interval":)" + std::string(5000, '9') + "}}",
      R"({"zenflow":{"steps_per_epoch":")" + std::string(5000, '9') + R"("}})",
      R"({"zenflow":{"topk_ratio":1e999999}})",
      "\xff\xfe garbage",
      "",
      R"({"zenflow":{},"stage":"2"})",
      R"({"zenflow":{},"micro_steps":-4})",
      R"({"zenflow":{},"dataloader_len":1.5})",
      R"({"id":["x"],"zenflow":{}})",
      R"({"zenflow":{"select_strategy":"step","select_interval":-9223372036854775808,"full_warm_up_rounds":-1}})",
      R"({"zenflow":{"self":1}})",
      R"({"id":"last","zenflow":{}})",
  };
  std::string input;
  for (const auto& l : lines) input += l + "\n";
  auto run = testing::run_zfcheck("eval " + testing::write_temp("hostile.jsonl", input));
  EXPECT_EQ(run.status, 2);  // some lines were not cases
  auto results = results_of(run.out);
  ASSERT_EQ(results.size(), lines.size());
  std::vector<std::string> outcomes;
  for (const auto& r : results) outcomes.push_back(outcome(r));
  EXPECT_EQ(outcomes, (std::vector<std::string>{"invalid_case", "invalid_case", "invalid_case", "invalid_case",
                                                "config_error", "config_error", "invalid_case", "invalid_case",
                                                "invalid_case", "invalid_case", "invalid_case", "invalid_case", "ok",
                                                "config_error", "ok"}));
  EXPECT_EQ(results.back().as<py::Dict>()->find("id")->as<py::Str>()->text, "last");
  std::string message = results[8].as<py::Dict>()->find("error")->as<py::Dict>()->find("message")->as<py::Str>()->text;
  EXPECT_EQ(message, "line 9: stage must be 1, 2 or 3");
}

TEST(EvalCommand, CleanInputExitsZeroAndReadsStandardInput) {
  auto path = testing::write_temp("clean.jsonl", "{\"zenflow\":{}}\n{\"zenflow\":null}\n");
  auto run = testing::run_zfcheck("eval --profile deepspeed-8274 - < " + path);
  EXPECT_EQ(run.status, 0);
  auto results = results_of(run.out);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_EQ(results[0].as<py::Dict>()->find("profile")->as<py::Str>()->text, "deepspeed-8274");
}

TEST(EvalCommand, UnknownProfileAndMissingFileAreUsageErrors) {
  EXPECT_EQ(testing::run_zfcheck("eval --profile nope /dev/null").status, 2);
  EXPECT_EQ(testing::run_zfcheck("eval /nonexistent/cases.jsonl").status, 2);
  EXPECT_EQ(testing::run_zfcheck("eval --bogus").status, 2);
  EXPECT_EQ(testing::run_zfcheck("eval --help").status, 0);
}

}  // namespace
}  // namespace zfcheck
