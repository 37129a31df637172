// Tests of reading upstream's answers back and judging them: the 1-D offset shift named, observed blocked
// ranks and float index tensors caught, a valid answer passed, malformed answers refused.
#include "kernels/check/upstream_answer.hpp"

#include "kernels/check/topk_io.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include "kernels/tests/names_have.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace zfcheck {
namespace {

using ojson = nlohmann::ordered_json;

// docs/zenflow.md#d39: a bias [100, 200, 300, 400] ahead of a (4, 6) weight whose column j holds j + 1.
constexpr const char* kBiasThenWeight =
    R"({"stage": 1, "topk_ratio": 0.5, "world_size": 1, "dtype": "float32", "params": [)"
    R"({"shape": [4], "grad": [100, 200, 300, 400]}, {"shape": [4, 6], "grad": [)"
    R"(1,1,1,1, 2,2,2,2, 3,3,3,3, 4,4,4,4, 5,5,5,5, 6,6,6,6]}]})";

SelectionProblem problem_of(const std::string& line) { return parse_topk_problem(line).value().problem; }

// The oracle's answer line under the shift rule `shifted`: what a revision with or without the shift gives.
ojson answer_line(SelectionProblem problem, bool shifted) {
  problem.layout.one_d_params_shift_offsets = shifted;
  return topk_answer_to_json(std::nullopt, oracle_answer(problem).value());
}

std::vector<std::string> violations_of(const SelectionProblem& problem, const ojson& line) {
  auto answer = read_upstream_answer(problem, line);
  EXPECT_TRUE(answer.has_value()) << answer.error();
  return answer ? upstream_violations(problem, *answer) : std::vector<std::string>{"unread"};
}

TEST(UpstreamAnswer, TheShiftedSelectionBreaksScoresOwnColumnsAndTheFixedOneNothing) {
  SelectionProblem problem = problem_of(kBiasThenWeight);
  ojson shifted = answer_line(problem, true);
  ASSERT_EQ(shifted["params"][1]["selected"], ojson::parse("[0, 4, 5]"));
  auto broken = violations_of(problem, shifted);
  EXPECT_TRUE(has(broken, "topk-scores-own-columns"));
  EXPECT_FALSE(has(broken, "topk-is-valid-selection"));
  ojson fixed = answer_line(problem, false);
  ASSERT_EQ(fixed["params"][1]["selected"], ojson::parse("[3, 4, 5]"));
  EXPECT_EQ(violations_of(problem, fixed), std::vector<std::string>{});
}

TEST(UpstreamAnswer, ASelectionNoReadingExplainsIsNotAValidSelection) {
  SelectionProblem problem = problem_of(kBiasThenWeight);
  ojson wrong = answer_line(problem, false);
  wrong["params"][1]["chunks"][0]["indices"] = ojson::parse("[0, 1, 2]");
  wrong["params"][1]["selected"] = ojson::parse("[0, 1, 2]");
  auto broken = violations_of(problem, wrong);
  EXPECT_TRUE(has(broken, "topk-is-valid-selection"));
  EXPECT_FALSE(has(broken, "topk-scores-own-columns"));
}

TEST(UpstreamAnswer, ObservedBlockedRanksAndFloatIndicesAreJudgedAsObserved) {
  SelectionProblem problem = problem_of(kBiasThenWeight);
  ojson line = answer_line(problem, false);
  line["outcome"] = ojson::parse(R"([{"rank": 0, "blocked": {"collective": "broadcast", "call": 0,
                                     "waiting_on": [1]}}])");
  EXPECT_TRUE(has(violations_of(problem, line), "topk-no-rank-blocks"));
  line = answer_line(problem, false);
  EXPECT_EQ(line["params"][1]["dtype"], "int32");
  line["params"][1]["dtype"] = "float32";
  auto broken = violations_of(problem, line);
  EXPECT_TRUE(has(broken, "topk-indices-are-integers"));
  EXPECT_FALSE(has(broken, "topk-no-rank-blocks"));
}

TEST(UpstreamAnswer, AnUnansweredParameterSelectsNothing) {
  SelectionProblem problem = problem_of(kBiasThenWeight);
  ojson line = answer_line(problem, false);
  line["params"][1] = ojson::parse(R"({"selected": [], "chunks": [], "unanswered": true})");
  auto answer = read_upstream_answer(problem, line);
  ASSERT_TRUE(answer.has_value());
  EXPECT_EQ(answer->answer.params[1].error().type, "Unanswered");
  EXPECT_TRUE(has(upstream_violations(problem, *answer), "topk-count-matches-ratio"));
}

TEST(UpstreamAnswer, AnswersThatCannotBeJudgedAreRefusedSayingWhy) {
  SelectionProblem problem = problem_of(kBiasThenWeight);
  auto runner = read_upstream_answer(problem, ojson::parse(R"({"error": {"type": "RunnerError"}})"));
  ASSERT_FALSE(runner.has_value());
  EXPECT_NE(runner.error().find("RunnerError"), std::string::npos);
  ojson short_line = answer_line(problem, false);
  short_line["params"].erase(0);
  ASSERT_FALSE(read_upstream_answer(problem, short_line).has_value());
  ojson malformed = answer_line(problem, false);
  malformed["params"][1]["chunks"][0]["indices"] = "three";
  auto refused = read_upstream_answer(problem, malformed);
  ASSERT_FALSE(refused.has_value());
  EXPECT_NE(refused.error().find("malformed"), std::string::npos);
}

}  // namespace
}  // namespace zfcheck
