// Tests of the oracle: fp32 accumulation rounded to the dtype, torch.topk's semantics, whole answers.
#include "kernels/oracle/topk_oracle.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace zfcheck {
namespace {

using Indices = std::vector<std::int64_t>;

TEST(TopkOracle, ScoresAreL1NormsPerContiguousColumn) {
  std::vector<float> values{1, -2, 3, -4, 0.5f, 0.5f};  // 3 columns of 2 rows
  EXPECT_EQ(column_scores(values, 2, 3, GradDtype::float32), (std::vector<float>{3, 7, 1}));
}

TEST(TopkOracle, ScoresAccumulateInFloat32ThenRound) {
  // 1 + 2^-24 (x 2): in float32 each addition to 1 is lost (ties to even), so the sum stays 1.
  std::vector<float> tiny{1.0f, 0x1p-24f, 0x1p-24f};
  EXPECT_EQ(column_scores(tiny, 3, 1, GradDtype::float32)[0], 1.0f);
  // 1 + 2^-8 + 2^-8 = 1 + 2^-7 is exact in float32 and in bfloat16.
  std::vector<float> bf{1.0f, 0x1p-8f, 0x1p-8f};
  EXPECT_EQ(column_scores(bf, 3, 1, GradDtype::bfloat16)[0], 1.0f + 0x1p-7f);
  // 1 + 2^-8 alone is a bfloat16 tie and rounds to 1.
  std::vector<float> tie{1.0f, 0x1p-8f};
  EXPECT_EQ(column_scores(tie, 2, 1, GradDtype::bfloat16)[0], 1.0f);
  // float16 overflows at 65520 even though every input is finite.
  std::vector<float> big{60000.0f, 6000.0f};
  EXPECT_EQ(column_scores(big, 2, 1, GradDtype::float16)[0], INFINITY);
}

TEST(TopkOracle, NanAndInfinityPropagate) {
  std::vector<float> values{1, NAN, -INFINITY, 2};
  auto scores = column_scores(values, 2, 2, GradDtype::bfloat16);
  EXPECT_TRUE(std::isnan(scores[0]));
  EXPECT_EQ(scores[1], INFINITY);
}

TEST(TopkOracle, TopkOrdersNanAboveInfinity) {
  std::vector<float> scores{1, NAN, 3, INFINITY, NAN};
  EXPECT_EQ(torch_topk(scores, 3).value(), (Indices{1, 4, 3}));
}

TEST(TopkOracle, TopkTiesAndBounds) {
  std::vector<float> scores{1, 3, 3, 2, 3};
  EXPECT_EQ(torch_topk(scores, 2).value(), (Indices{1, 2}));
  EXPECT_TRUE(torch_topk(scores, 0).value().empty());
  EXPECT_EQ(torch_topk(scores, 5).value(), (Indices{1, 2, 4, 3, 0}));
  EXPECT_EQ(torch_topk(scores, 6).error().type, "RuntimeError");
  EXPECT_EQ(torch_topk(scores, -1).error().type, "RuntimeError");
  EXPECT_EQ(torch_topk({}, 1).error().message, "selected index k out of range");
}

TEST(TopkOracle, Stage2AnswerPerChunkAscending) {
  // R = 2, C = 6 on two ranks (6 + 6 elements): chunk 0 holds columns 0-2, chunk 1 columns 3-5.
  // Column scores: 1, 5, 3 | 2, 9, 4; ratio 0.7 gives k = int(0.7 * 3) = 2 per chunk.
  SelectionProblem problem{ColumnsProblem{2, 0.7, 2, {{2, 6}}, std::nullopt},
                           GradDtype::float32,
                           {1, 0, -5, 0, 1, 2, 2, 0, 4, -5, 0, 4}};
  auto answer = oracle_answer(problem).value();
  ASSERT_TRUE(answer.params[0].has_value());
  const auto& selection = *answer.params[0];
  EXPECT_EQ(selection.chunks.at(0).indices, (Indices{1, 2}));
  EXPECT_EQ(selection.chunks.at(1).indices, (Indices{4, 5}));
  EXPECT_EQ(selection.selected, (Indices{1, 2, 4, 5}));
}

TEST(TopkOracle, Stage3AnswerKeepsScoreOrderPerRank) {
  // Same bucket in stage 3: k = max(1, int(0.7 * 6)) = 4 of scores 1, 5, 3, 2, 9, 4.
  SelectionProblem problem{ColumnsProblem{3, 0.7, 2, {{2, 6}}, std::nullopt},
                           GradDtype::float32,
                           {1, 0, -5, 0, 1, 2, 2, 0, 4, -5, 0, 4}};
  auto answer = oracle_answer(problem).value();
  const auto& selection = answer.params.at(0).value();
  EXPECT_EQ(selection.selected, (Indices{1, 2, 4, 5}));
  EXPECT_EQ(selection.ranks.at(0).local_indices, (Indices{1, 2}));
  EXPECT_EQ(selection.ranks.at(1).local_indices, (Indices{1, 2}));  // columns 4 (9) then 5 (4)
}

TEST(TopkOracle, ErrorsStayPerParameter) {
  SelectionProblem problem{ColumnsProblem{3, 0.5, 4, {{3, 3}, {2, 2}}, std::nullopt}, GradDtype::float32,
                           std::vector<float>(13, 1.0f)};
  auto answer = oracle_answer(problem).value();
  EXPECT_EQ(answer.params.at(0).error().type, "IndexError");
  // N = 4 on 4 ranks of 1 element: no rank holds a full column of R = 2, so topk(k = 1) on nothing.
  EXPECT_EQ(answer.params.at(1).error().type, "RuntimeError");
  problem.layout.world_size = 1;
  answer = oracle_answer(problem).value();
  EXPECT_TRUE(answer.params.at(0).has_value());
  EXPECT_TRUE(answer.params.at(1).has_value());
}

TEST(TopkOracle, OneDParameterShiftsTheNextWeightsScores) {
  // docs/zenflow.md's example: bias [100, 200, 300, 400] then a (4, 6) weight whose column j holds four
  // values j + 1, stage 1, one rank, ratio 0.5. Upstream reads the weight from 4 elements too early:
  // column 0 scores the bias (1000) and is selected; read in place the top three are 3, 4, 5.
  std::vector<float> bucket{100, 200, 300, 400};
  for (int column = 0; column < 6; ++column)
    for (int row = 0; row < 4; ++row) bucket.push_back(static_cast<float>(column + 1));
  SelectionProblem problem{ColumnsProblem{1, 0.5, 1, {{1, 4, true}, {4, 6}}, std::nullopt},
                           GradDtype::float32, bucket};
  auto answer = oracle_answer(problem).value();
  EXPECT_TRUE(answer.params.at(0).value().skipped);
  EXPECT_EQ(answer.params.at(1).value().selected, (Indices{0, 4, 5}));
  problem.layout.one_d_params_shift_offsets = false;
  EXPECT_EQ(oracle_answer(problem).value().params.at(1).value().selected, (Indices{3, 4, 5}));
  // Stage 3 partitions each parameter on its own: no shift.
  problem.layout.one_d_params_shift_offsets = true;
  problem.layout.stage = 3;
  EXPECT_EQ(oracle_answer(problem).value().params.at(1).value().selected, (Indices{3, 4, 5}));
}

TEST(TopkOracle, MalformedBucketIsACaseError) {
  SelectionProblem problem{ColumnsProblem{2, 0.5, 1, {{2, 2}}, std::nullopt}, GradDtype::float32, {1, 2, 3}};
  EXPECT_EQ(oracle_answer(problem).error().type, "CaseError");
}

}  // namespace
}  // namespace zfcheck
