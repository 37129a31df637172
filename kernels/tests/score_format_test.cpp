// Tests of the storage formats: order keys follow torch.topk's order; widening and rounding are exact.
#include "kernels/core/score_format.hpp"
#include "kernels/oracle/low_precision.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace zfcheck::kernels {
namespace {

std::vector<float> special_and_random_scores() {
  std::vector<float> values{0.0f, -0.0f, 1.0f,      -1.0f,   INFINITY, -INFINITY,
                            NAN,  -NAN,  0x1p-149f, 3.4e38f, 65504.0f};
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> real(-100.0f, 100.0f);
  for (int i = 0; i < 300; ++i) values.push_back(real(rng));
  return values;
}

template <class T>
void expect_keys_follow_topk_order(GradDtype dtype) {
  auto values = special_and_random_scores();
  for (float& v : values) v = round_to_dtype(v, dtype);
  for (float a : values) {
    for (float b : values) {
      auto ka = ScoreFormat<T>::key(ScoreFormat<T>::narrow(a));
      auto kb = ScoreFormat<T>::key(ScoreFormat<T>::narrow(b));
      EXPECT_EQ(ka > kb, ranks_above(a, b)) << a << " vs " << b;
    }
  }
}

TEST(ScoreFormat, KeysFollowTopkOrderFloat32) { expect_keys_follow_topk_order<float>(GradDtype::float32); }
TEST(ScoreFormat, KeysFollowTopkOrderBfloat16) {
  expect_keys_follow_topk_order<bfloat16_bits>(GradDtype::bfloat16);
}
TEST(ScoreFormat, KeysFollowTopkOrderFloat16) {
  expect_keys_follow_topk_order<float16_bits>(GradDtype::float16);
}

TEST(ScoreFormat, NarrowRoundsLikeTheReferenceAndWidenIsExact) {
  for (float v : special_and_random_scores()) {
    if (std::isnan(v)) continue;
    EXPECT_EQ(ScoreFormat<bfloat16_bits>::widen(ScoreFormat<bfloat16_bits>::narrow(v)),
              round_to_dtype(v, GradDtype::bfloat16));
    EXPECT_EQ(ScoreFormat<float16_bits>::widen(ScoreFormat<float16_bits>::narrow(v)),
              round_to_dtype(v, GradDtype::float16));
  }
}

}  // namespace
}  // namespace zfcheck::kernels
