// Edge cases of the CPU build's segmented top-k (as RAFT's select_k edge cases): NaN, +-Inf, k = 0, k = n,
// all-equal keys, ties, both output orders, and work that does not fit.
#include "kernels/cpu/column_select_cpu.hpp"
#include "kernels/core/score_format.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace zfcheck::kernels::cpu {
namespace {

using Indices = std::vector<std::int32_t>;

Indices topk(const std::vector<float>& scores, std::int64_t k, SelectionOrder order) {
  Indices out(static_cast<std::size_t>(k), -1);
  RankingSegment segment{0, static_cast<std::int64_t>(scores.size()), k, 0};
  EXPECT_TRUE(segmented_topk<float>(scores, {&segment, 1}, order, out));
  return out;
}

TEST(ColumnSelectCpu, NanRanksAboveInfinity) {
  std::vector<float> scores{1, NAN, 3, INFINITY, NAN};
  EXPECT_EQ(topk(scores, 3, SelectionOrder::descending_score), (Indices{1, 4, 3}));
  EXPECT_EQ(topk(scores, 3, SelectionOrder::ascending_index), (Indices{1, 3, 4}));
}

TEST(ColumnSelectCpu, NegativeInfinityAndZeroSigns) {
  std::vector<float> scores{-INFINITY, -0.0f, 0.0f, -1.0f};
  EXPECT_EQ(topk(scores, 2, SelectionOrder::descending_score),
            (Indices{1, 2}));  // -0 == +0, lower index first
  EXPECT_EQ(topk(scores, 4, SelectionOrder::descending_score), (Indices{1, 2, 3, 0}));
}

TEST(ColumnSelectCpu, KZeroAndKAll) {
  std::vector<float> scores{5, 1, 4};
  EXPECT_TRUE(topk(scores, 0, SelectionOrder::ascending_index).empty());
  EXPECT_EQ(topk(scores, 3, SelectionOrder::ascending_index), (Indices{0, 1, 2}));
  EXPECT_EQ(topk(scores, 3, SelectionOrder::descending_score), (Indices{0, 2, 1}));
}

TEST(ColumnSelectCpu, AllEqualTakesTheLowestIndices) {
  std::vector<float> scores(1000, 2.5f);
  Indices expected;
  for (std::int32_t i = 0; i < 300; ++i) expected.push_back(i);
  EXPECT_EQ(topk(scores, 300, SelectionOrder::ascending_index), expected);
  EXPECT_EQ(topk(scores, 300, SelectionOrder::descending_score), expected);
}

TEST(ColumnSelectCpu, Bfloat16TiesAtTheCut) {
  std::vector<bfloat16_bits> scores{{0x3F80}, {0x4000}, {0x3F80}, {0x3F80}, {0x4000}};  // 1, 2, 1, 1, 2
  Indices out(3);
  RankingSegment segment{0, 5, 3, 0};
  ASSERT_TRUE(segmented_topk<bfloat16_bits>(scores, {&segment, 1}, SelectionOrder::descending_score, out));
  EXPECT_EQ(out, (Indices{1, 4, 0}));
}

TEST(ColumnSelectCpu, SegmentsAreIndependent) {
  std::vector<float> scores{1, 9, 2, 8, 3, 7};
  std::vector<RankingSegment> segments{{0, 3, 1, 0}, {3, 3, 2, 1}, {3, 0, 0, 3}};
  Indices out(3);
  ASSERT_TRUE(segmented_topk<float>(scores, segments, SelectionOrder::ascending_index, out));
  EXPECT_EQ(out, (Indices{1, 0, 2}));  // relative to each segment's first score
}

TEST(ColumnSelectCpu, RejectsWorkThatDoesNotFit) {
  std::vector<float> scores{1, 2};
  Indices out(2);
  RankingSegment too_many{0, 2, 3, 0};
  EXPECT_FALSE(segmented_topk<float>(scores, {&too_many, 1}, SelectionOrder::ascending_index, out));
  RankingSegment past_end{1, 2, 1, 0};
  EXPECT_FALSE(segmented_topk<float>(scores, {&past_end, 1}, SelectionOrder::ascending_index, out));
  std::vector<float> bucket(10, 1.0f);
  std::vector<float> column_out(4);
  ColumnRun long_run{4, 3, 3, 0};  // needs elements 4..12 of 10
  EXPECT_FALSE(column_scores<float>(bucket, {&long_run, 1}, column_out));
  ColumnRun gap{0, 2, 2, 1};  // not dense: starts at score 1
  EXPECT_FALSE(column_scores<float>(bucket, {&gap, 1}, column_out));
}

TEST(ColumnSelectCpu, ScoresRoundToTheStorageType) {
  std::vector<float16_bits> bucket{{0x7BFF}, {0x7BFF}};  // 65504 + 65504 overflows float16
  std::vector<float16_bits> scores(1);
  ColumnRun run{0, 2, 1, 0};
  ASSERT_TRUE(column_scores<float16_bits>(bucket, {&run, 1}, scores));
  EXPECT_EQ(scores[0].bits, 0x7C00);
}

}  // namespace
}  // namespace zfcheck::kernels::cpu
