// Tests of the work layout: dense runs and segments per chunk (stages 1/2) or per parameter (stage 3).
#include "kernels/selection_work.hpp"

#include <gtest/gtest.h>

namespace zfcheck::kernels {
namespace {

TEST(SelectionWork, Stage12OneRunAndSegmentPerChunkSkippingErrors) {
  // Parameter 0: R = 2, C = 6 over two ranks of 6 + 7 elements; parameter 1: R = 1 (columns of 1).
  ColumnsProblem problem{2, 0.5, 2, {{2, 6}, {1, 1}}, std::vector<std::int64_t>{6, 7}};
  auto plan = plan_columns(problem).value();
  auto work = selection_work(plan);
  ASSERT_TRUE(plan.params[0].has_value());
  ASSERT_EQ(work.runs.size(), plan.params[0]->chunks.size() + (plan.params[1] ? 1 : 0));
  EXPECT_EQ(work.runs[0].bucket_begin, 0);
  EXPECT_EQ(work.runs[0].columns, 3);
  EXPECT_EQ(work.runs[1].bucket_begin, 6);
  EXPECT_EQ(work.runs[1].score_begin, 3);
  EXPECT_EQ(work.rankings[1].k, 1);
  EXPECT_EQ(work.rankings[1].output_begin, 1);
  EXPECT_TRUE(work_fits(work.runs.data(), static_cast<std::int64_t>(work.runs.size()), work.rankings.data(),
                        static_cast<std::int64_t>(work.rankings.size()), 13, work.score_count,
                        work.index_count));
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
