// Tests of the top-k invariants: upstream's expected findings asserted as findings, tampered answers caught.
#include "kernels/check/topk_invariants.hpp"

#include "kernels/oracle/columns.hpp"
#include "kernels/oracle/topk_oracle.hpp"
#include "kernels/tests/names_have.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace zfcheck {
namespace {

// R x C with column j's values all equal to (j + 1) * scale[j % scale.size()], transposed layout.
SelectionProblem problem_with(int stage, double ratio, std::int64_t world, ParamShape shape,
                              std::optional<std::vector<std::int64_t>> partition = std::nullopt) {
  SelectionProblem p{
      ColumnsProblem{stage, ratio, world, {shape}, std::move(partition)}, GradDtype::float32, {}};
  for (std::int64_t j = 0; j < shape.cols; ++j) {
    for (std::int64_t i = 0; i < shape.rows; ++i) p.bucket.push_back(static_cast<float>((j * 7) % 11 + 1));
  }
  return p;
}

std::vector<std::string> upstream_violations(const SelectionProblem& problem) {
  auto answer = oracle_answer(problem).value();
  return topk_violations(TopkSubject{problem, answer});
}

// docs_tests (docs/tests/invariants_doc_test.cpp) holds the names, statements and reasons against
// docs/invariants.md.
TEST(TopkInvariants, EachHasAStatementAndAReason) {
  for (const auto& invariant : topk_invariants()) {
    EXPECT_FALSE(invariant.statement.empty()) << invariant.name;
    EXPECT_FALSE(invariant.why.empty()) << invariant.name;
  }
}

TEST(TopkInvariants, AlignedPartitionsKeepEveryInvariant) {
  // R = 4, C = 20 over 2 ranks of 40 elements: no straddling column, k = 5 per rank.
  auto violations = upstream_violations(problem_with(2, 0.5, 2, {4, 20}));
  EXPECT_TRUE(violations.empty()) << violations.front();
}

TEST(TopkInvariants, StraddlingColumnIsAnExpectedUpstreamFinding) {
  // R = 4, C = 5 over 3 ranks (7, 7, 6 elements): columns 1 and 3 straddle, in both stage paths.
  EXPECT_TRUE(has(upstream_violations(problem_with(2, 0.5, 3, {4, 5}, std::vector<std::int64_t>{7, 7, 6})),
                  "every-column-selectable"));
  // DeepSpeed's own partition of R = 3, C = 5 over 2 ranks: 8 and 7 elements; column 2 straddles.
  EXPECT_TRUE(has(upstream_violations(problem_with(2, 0.5, 2, {3, 5})), "every-column-selectable"));
  EXPECT_TRUE(has(upstream_violations(problem_with(3, 0.5, 3, {4, 5})), "every-column-selectable"));
}

TEST(TopkInvariants, SmallParameterWithSmallRatioIsAnExpectedUpstreamFinding) {
  // 4 whole columns, ratio 0.1: int(0.4) = 0 selected in stages 1/2; stage 3's floor of one selects 1.
  EXPECT_TRUE(has(upstream_violations(problem_with(2, 0.1, 1, {8, 4})), "topk-selects-something"));
  EXPECT_FALSE(has(upstream_violations(problem_with(3, 0.1, 1, {8, 4})), "topk-selects-something"));
}

TEST(TopkInvariants, NegativeOrImpossibleCountsBreakCountMatchesRatio) {
  // A chunk strictly inside one column (c = -1 upstream) and a ratio above one.
  EXPECT_TRUE(has(upstream_violations(problem_with(2, 0.5, 3, {10, 2}, std::vector<std::int64_t>{3, 4, 13})),
                  "topk-count-matches-ratio"));
  EXPECT_TRUE(has(upstream_violations(problem_with(2, 1.5, 1, {2, 4})), "topk-count-matches-ratio"));
}

TEST(TopkInvariants, WeightsReadFromShiftedOffsetsBreakScoresOwnColumns) {
  // docs/zenflow.md#d39: norm [3] then a (2, 4) weight, stages 1/2 under upstream's rule.
  SelectionProblem problem{ColumnsProblem{2, 0.5, 1, {{1, 3, true}, {2, 4}}, std::nullopt},
                           GradDtype::float32,
                           {9, 9, 9, 1, 1, 2, 2, 3, 3, 4, 4}};
  auto violations = upstream_violations(problem);
  EXPECT_TRUE(has(violations, "topk-scores-own-columns"));
  EXPECT_FALSE(has(violations, "topk-is-valid-selection"));  // a true top-k of the scores it computed
  problem.layout.one_d_params_shift_offsets = false;
  EXPECT_FALSE(has(upstream_violations(problem), "topk-scores-own-columns"));
  problem.layout.one_d_params_shift_offsets = true;
  problem.layout.stage = 3;
  EXPECT_FALSE(has(upstream_violations(problem), "topk-scores-own-columns"));
  // A 1-D parameter last in the bucket shifts nothing; flat order [0, 1] but bucket order [1, 0].
  problem.layout.stage = 2;
  problem.layout.bucket_order = std::vector<std::int64_t>{1, 0};
  problem.bucket = {1, 1, 2, 2, 3, 3, 4, 4, 9, 9, 9};
  EXPECT_FALSE(has(upstream_violations(problem), "topk-scores-own-columns"));
  // Shifted onto values equal to its own, the weight still scores its own columns.
  problem.layout.bucket_order.reset();
  problem.bucket = std::vector<float>(11, 1.0f);
  EXPECT_FALSE(has(upstream_violations(problem), "topk-scores-own-columns"));
}

TEST(TopkInvariants, TamperedSelectionsAreInvalid) {
  auto problem = problem_with(2, 0.5, 1, {2, 6});  // scores 2, 16, 8, 22, 14, 6 (x2 rows): top 3 = 3, 1, 4
  auto answer = oracle_answer(problem).value();
  ASSERT_EQ(answer.params[0]->selected, (std::vector<std::int64_t>{1, 3, 4}));
  EXPECT_FALSE(has(topk_violations(TopkSubject{problem, answer}), "topk-is-valid-selection"));
  auto lower = answer;
  lower.params[0]->chunks[0].indices = {0, 3, 4};  // column 0 scores below column 1
  lower.params[0]->selected = {0, 3, 4};
  EXPECT_TRUE(has(topk_violations(TopkSubject{problem, lower}), "topk-is-valid-selection"));
  auto unsorted = answer;
  unsorted.params[0]->chunks[0].indices = {3, 1, 4};
  unsorted.params[0]->selected = {3, 1, 4};
  EXPECT_TRUE(has(topk_violations(TopkSubject{problem, unsorted}), "topk-is-valid-selection"));
}

TEST(TopkInvariants, KernelMayDifferOnlyWithinSummationTolerance) {
  // Two columns whose exact sums differ by far less than float32 summation error over 1000 rows:
  // either may be chosen. A clearly lower column may not.
  SelectionProblem problem{ColumnsProblem{2, 0.34, 1, {{1000, 3}}, std::nullopt}, GradDtype::float32, {}};
  for (int i = 0; i < 1000; ++i) problem.bucket.push_back(0.1f);
  for (int i = 0; i < 1000; ++i) problem.bucket.push_back(i == 0 ? 0.1f + 0x1p-26f : 0.1f);
  for (int i = 0; i < 1000; ++i) problem.bucket.push_back(0.05f);
  auto oracle = oracle_answer(problem).value();
  ASSERT_EQ(oracle.params[0]->chunks[0].chunk.num_select, 1);
  auto other = oracle;
  std::int64_t pick = oracle.params[0]->selected[0] == 0 ? 1 : 0;
  other.params[0]->chunks[0].indices = {pick};
  other.params[0]->selected = {pick};
  EXPECT_FALSE(has(topk_violations(TopkSubject{problem, other, &oracle}), "topk-kernel-matches-oracle"));
  auto wrong = oracle;
  wrong.params[0]->chunks[0].indices = {2};
  wrong.params[0]->selected = {2};
  EXPECT_TRUE(has(topk_violations(TopkSubject{problem, wrong, &oracle}), "topk-kernel-matches-oracle"));
  // An error the oracle does not raise is a disagreement too.
  auto failed = oracle;
  failed.params[0] = tl::unexpected(Error{"RuntimeError", std::nullopt, "x"});
  EXPECT_TRUE(has(topk_violations(TopkSubject{problem, failed, &oracle}), "topk-kernel-matches-oracle"));
}

}  // namespace
}  // namespace zfcheck
