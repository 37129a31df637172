// Tests of the kernel-vs-oracle judgement: a faithful run passes, and each of its four rules can fail.
#include "kernels/check/kernel_judgement.hpp"

#include "kernels/oracle/topk_oracle.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace zfcheck {
namespace {

// One 8x40 weight, stage 2 on one rank, ratio 0.1: one chunk, k = 4, distinct column sums.
SelectionProblem small_problem() {
  SelectionProblem problem{ColumnsProblem{2, 0.1, 1, {{8, 40}}, std::nullopt}, GradDtype::float32, {}};
  for (int i = 0; i < 8 * 40; ++i) problem.bucket.push_back(static_cast<float>((i * 37) % 101) / 16.0f);
  return problem;
}

bool mentions(const KernelJudgement& judgement, std::string_view text) {
  return std::any_of(judgement.failures.begin(), judgement.failures.end(),
                     [&](const std::string& failure) { return failure.find(text) != std::string::npos; });
}

TEST(KernelJudgement, TheCpuBuildPasses) {
  SelectionProblem problem = small_problem();
  auto verdict = judge_kernel_run(problem, oracle_answer(problem), kernels::run_kernel_cpu(problem));
  EXPECT_TRUE(verdict.failures.empty()) << verdict.failures.front();
  EXPECT_TRUE(verdict.scores_identical);  // small integers / 16: every order of addition is exact
}

TEST(KernelJudgement, Rule1RefusingWhatTheOracleAnswers) {
  SelectionProblem problem = small_problem();
  tl::expected<kernels::KernelOutput, Error> refused =
      tl::unexpected(Error{"KernelError", std::nullopt, "no"});
  EXPECT_TRUE(mentions(judge_kernel_run(problem, oracle_answer(problem), refused), "refused"));
}

TEST(KernelJudgement, Rule2NotAnExactTopkOfItsOwnScores) {
  SelectionProblem problem = small_problem();
  auto kernel = kernels::run_kernel_cpu(problem);
  ASSERT_TRUE(kernel.has_value());
  kernel->indices[1] = kernel->indices[0];
  EXPECT_TRUE(mentions(judge_kernel_run(problem, oracle_answer(problem), kernel), "repeated"));
}

TEST(KernelJudgement, Rules3And4AnotherSetOnTheOraclesScores) {
  SelectionProblem problem = small_problem();
  auto oracle = oracle_answer(problem);
  auto kernel = kernels::run_kernel_cpu(problem);
  ASSERT_TRUE(kernel.has_value() && oracle.has_value());
  // The answer names a column the scores leave out.
  std::vector<std::int64_t>& chosen = kernel->answer.params[0]->chunks[0].indices;
  std::int64_t outsider = 0;
  while (std::find(chosen.begin(), chosen.end(), outsider) != chosen.end()) ++outsider;
  chosen[0] = outsider;
  std::sort(chosen.begin(), chosen.end());
  kernel->answer.params[0]->selected = chosen;
  auto verdict = judge_kernel_run(problem, oracle, kernel);
  EXPECT_TRUE(mentions(verdict, "breaks topk-kernel-matches-oracle"));
  EXPECT_TRUE(mentions(verdict, "same scores as the oracle but a different answer"));
  auto names = oracle_and_kernel_violations(problem, *oracle, verdict);
  EXPECT_NE(std::find(names.begin(), names.end(), "topk-kernel-matches-oracle"), names.end());
}

TEST(KernelJudgement, TheCommandNamesTheDifferentialForAnyFailedRule) {
  SelectionProblem problem = small_problem();
  auto oracle = oracle_answer(problem);
  ASSERT_TRUE(oracle.has_value());
  KernelJudgement passed;
  EXPECT_TRUE(oracle_and_kernel_violations(problem, *oracle, passed).empty());
  KernelJudgement failed{{"segment at score 0: left out a higher score"}, {}, false};
  EXPECT_EQ(oracle_and_kernel_violations(problem, *oracle, failed),
            std::vector<std::string>{"topk-kernel-matches-oracle"});
}

}  // namespace
}  // namespace zfcheck
