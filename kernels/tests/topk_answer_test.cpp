// Tests of the answer builders: chunk concatenation (stages 1/2) and the per-rank split of stage 3.
#include "kernels/oracle/topk_answer.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

using Indices = std::vector<std::int64_t>;

TEST(TopkAnswer, Stage12ConcatenatesChunksInOrder) {
  ColumnsProblem problem{2, 0.5, 2, {{4, 8}}, std::vector<std::int64_t>{16, 16}};
  auto plan = plan_columns(problem).value();
  auto selection = stage12_selection(*plan.params[0], {{1, 2}, {4, 7}});
  ASSERT_EQ(selection.chunks.size(), 2u);
  EXPECT_EQ(selection.chunks[1].chunk.rank, 1);
  EXPECT_EQ(selection.chunks[1].indices, (Indices{4, 7}));
  EXPECT_EQ(selection.selected, (Indices{1, 2, 4, 7}));
}

TEST(TopkAnswer, Stage3SplitsTheGlobalOrderByRank) {
  // R = 2, C = 6 on 2 ranks: slices [0, 6) and [6, 12) hold columns 0-2 and 3-5, positions 0-2 and 3-5.
  ColumnsProblem problem{3, 0.5, 2, {{2, 6}}, std::nullopt};
  auto plan = plan_columns(problem).value();
  Indices order{4, 0, 5};  // descending score
  auto selection = stage3_selection(*plan.params[0], order);
  ASSERT_EQ(selection.ranks.size(), 2u);
  EXPECT_EQ(selection.ranks[0].local_indices, (Indices{0}));
  EXPECT_EQ(selection.ranks[1].start_column, 3);
  EXPECT_EQ(selection.ranks[1].local_indices, (Indices{1, 2}));  // positions 4 and 5, in score order
  EXPECT_EQ(selection.selected, (Indices{0, 4, 5}));
}

TEST(TopkAnswer, Stage3SkipsGatheredGapsOfStraddlingColumns) {
  // R = 4, C = 5 on 3 ranks: positions 0, 1, 2 are columns 0, 2, 4 (columns 1 and 3 straddle).
  ColumnsProblem problem{3, 0.5, 3, {{4, 5}}, std::nullopt};
  auto plan = plan_columns(problem).value();
  auto selection = stage3_selection(*plan.params[0], Indices{2, 1});
  EXPECT_EQ(selection.selected, (Indices{2, 4}));
  EXPECT_EQ(selection.ranks[2].local_indices, (Indices{0}));
}

}  // namespace
}  // namespace zfcheck
