// Tests of the per-lane column sums: every element counted once, whatever the column's alignment.
#include "kernels/core/column_sum.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace zfcheck::kernels {
namespace {

// Element i of the bucket holds i + 1 (exact in float32 here), so a column's sum is known in closed form.
template <class T>
std::vector<T> counting_bucket(std::int64_t size) {
  std::vector<T> bucket;
  for (std::int64_t i = 0; i < size; ++i)
    bucket.push_back(ScoreFormat<T>::narrow(static_cast<float>((i % 200) + 1)));
  return bucket;
}

template <class T>
void expect_every_element_once() {
  auto bucket = counting_bucket<T>(11008 + 16);  // up to the 7B layer's real column lengths
  for (std::int64_t rows : {1, 2, 3, 7, 8, 9, 31, 33, 100, 257, 1000, 4096, 11008}) {
    for (std::int64_t begin : {0, 1, 3, 5, 8, 13}) {
      float partials[kWarpLanes];
      for (int lane = 0; lane < kWarpLanes; ++lane)
        partials[lane] = lane_partial_sum(bucket.data(), begin, rows, lane);
      double expected = 0;
      for (std::int64_t i = begin; i < begin + rows; ++i)
        expected += ScoreFormat<T>::widen(bucket[static_cast<std::size_t>(i)]);
      EXPECT_EQ(butterfly_sum(partials), expected) << "rows " << rows << " begin " << begin;
    }
  }
}

TEST(ColumnSum, EveryElementOnceFloat32) { expect_every_element_once<float>(); }
TEST(ColumnSum, EveryElementOnceBfloat16) { expect_every_element_once<bfloat16_bits>(); }
TEST(ColumnSum, EveryElementOnceFloat16) { expect_every_element_once<float16_bits>(); }

TEST(ColumnSum, AbsoluteValuesAndNan) {
  std::vector<float> bucket{-1, 2, -3, NAN, 5};
  float partials[kWarpLanes];
  for (int lane = 0; lane < kWarpLanes; ++lane) partials[lane] = lane_partial_sum(bucket.data(), 0, 3, lane);
  EXPECT_EQ(butterfly_sum(partials), 6.0f);
  for (int lane = 0; lane < kWarpLanes; ++lane) partials[lane] = lane_partial_sum(bucket.data(), 1, 4, lane);
  EXPECT_TRUE(std::isnan(butterfly_sum(partials)));
}

}  // namespace
}  // namespace zfcheck::kernels
