// Tests of the work layout: dense runs and segments per chunk (stages 1/2) or per parameter (stage 3).
#include "kernels/selection_work.hpp"

#include <gtest/gtest.h>

namespace zfcheck::kernels {
namespace {

TEST(SelectionWork, Stage12OneRunAndSegmentPerChunkSkippingErrors) {
  // Four ranks of 6, 8, 4 and 3 elements. Parameter 0 (R = 2, C = 6, elements 0-11): a chunk of 3
  // columns on each of ranks 0 and 1. Parameter 1 (R = 8, C = 1, elements 12-19): rank 2 holds elements
  // 2-5 of its one column, a chunk strictly inside it, so upstream raises (negative length) and it gets
  // no work. Parameter 2 (R = 1, C = 1, element 20): one column on rank 3.
  ColumnsProblem problem{2, 0.5, 4, {{2, 6}, {8, 1}, {1, 1}}, std::vector<std::int64_t>{6, 8, 4, 3}};
  auto plan = plan_columns(problem).value();
  ASSERT_TRUE(plan.params[0].has_value());
  ASSERT_FALSE(plan.params[1].has_value());
  auto work = selection_work(plan);
  ASSERT_EQ(work.runs.size(), 3u);
  EXPECT_EQ(work.runs[0].bucket_begin, 0);
  EXPECT_EQ(work.runs[0].columns, 3);
  EXPECT_EQ(work.runs[1].bucket_begin, 6);
  EXPECT_EQ(work.runs[1].score_begin, 3);
  EXPECT_EQ(work.runs[2].bucket_begin, 20);  // parameter 1's elements skipped
  EXPECT_EQ(work.runs[2].columns, 1);
  EXPECT_EQ(work.runs[2].score_begin, 6);
  ASSERT_EQ(work.rankings.size(), 3u);
  EXPECT_EQ(work.rankings[1].k, 1);  // int(0.5 * 3)
  EXPECT_EQ(work.rankings[1].output_begin, 1);
  EXPECT_EQ(work.rankings[2].k, 0);  // int(0.5 * 1)
  EXPECT_EQ(work.score_count, 7);
  EXPECT_EQ(work.index_count, 2);
  EXPECT_TRUE(work_fits(work.runs.data(), static_cast<std::int64_t>(work.runs.size()), work.rankings.data(),
                        static_cast<std::int64_t>(work.rankings.size()), 21, work.score_count,
                        work.index_count));
}

TEST(SelectionWork, OneDParameterHasNoRunButMovesTheNextRunAsUpstreamReads) {
  // A norm [3] then a (2, 4) weight in one rank's bucket: no run for the norm; the weight's run starts
  // where upstream reads it, 3 elements before its place (0, not 3); with the fixed rule, at 3.
  ColumnsProblem problem{1, 0.5, 1, {{1, 3, true}, {2, 4}}, std::nullopt};
  auto work = selection_work(plan_columns(problem).value());
  ASSERT_EQ(work.runs.size(), 1u);
  EXPECT_EQ(work.runs[0].bucket_begin, 0);
  EXPECT_EQ(work.runs[0].columns, 4);
  ASSERT_EQ(work.rankings.size(), 1u);
  problem.one_d_params_shift_offsets = false;
  EXPECT_EQ(selection_work(plan_columns(problem).value()).runs.at(0).bucket_begin, 3);
}

TEST(SelectionWork, Stage3GathersRanksIntoOneSegment) {
  // R = 4, C = 5 on 3 ranks: columns 0, 2, 4 are whole inside a rank; one segment of 3, k = 1.
  ColumnsProblem problem{3, 0.4, 3, {{4, 5}}, std::nullopt};
  auto plan = plan_columns(problem).value();
  auto work = selection_work(plan);
  ASSERT_EQ(work.runs.size(), 3u);
  EXPECT_EQ(work.runs[1].bucket_begin, 8);
  EXPECT_EQ(work.runs[2].bucket_begin, 16);
  ASSERT_EQ(work.rankings.size(), 1u);
  EXPECT_EQ(work.rankings[0].count, 3);
  EXPECT_EQ(work.rankings[0].k, 1);
  EXPECT_EQ(work.order, SelectionOrder::descending_score);
  std::vector<std::int32_t> ranked{2};
  auto answer = answer_from_indices(plan, work, ranked);
  EXPECT_EQ(answer.params[0]->selected, (std::vector<std::int64_t>{4}));
  EXPECT_EQ(answer.params[0]->ranks[2].local_indices, (std::vector<std::int64_t>{0}));
}

}  // namespace
}  // namespace zfcheck::kernels
