// Tests of the bfloat16/float16 conversions: known encodings, and agreement with independent rounding.
#include "kernels/oracle/low_precision.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <random>

namespace zfcheck {
namespace {

float from_bits(std::uint32_t bits) { return std::bit_cast<float>(bits); }

// bfloat16 rounding computed a second way: scale the significand to 8 bits and round with nearbyint
// (ties to even in the default rounding mode); float subnormals keep bfloat16's fixed 2^-133 quantum.
float bfloat16_by_scaling(float value) {
  if (!std::isfinite(value) || value == 0.0f) return value;
  int exponent = std::max(std::ilogb(value), -126) - 7;
  double rounded = std::ldexp(std::nearbyint(std::ldexp(static_cast<double>(value), -exponent)), exponent);
  if (std::fabs(rounded) > std::numeric_limits<float>::max()) return std::copysign(INFINITY, value);
  return static_cast<float>(rounded);
}

TEST(LowPrecision, KnownBfloat16Encodings) {
  EXPECT_EQ(bfloat16_bits_from_float(1.0f), 0x3F80);
  EXPECT_EQ(bfloat16_bits_from_float(-2.0f), 0xC000);
  EXPECT_EQ(bfloat16_bits_from_float(1.0f + 0x1p-8f), 0x3F80);      // tie, to even
  EXPECT_EQ(bfloat16_bits_from_float(1.0f + 3 * 0x1p-8f), 0x3F82);  // tie, to even (up)
  EXPECT_EQ(bfloat16_bits_from_float(1.0f + 0x1p-8f + 0x1p-20f), 0x3F81);
  EXPECT_EQ(bfloat16_bits_from_float(from_bits(0x7F7FFFFF)), 0x7F80);  // float max rounds to Inf
  EXPECT_EQ(bfloat16_bits_from_float(INFINITY), 0x7F80);
  EXPECT_EQ(bfloat16_bits_from_float(-0.0f), 0x8000);
  EXPECT_EQ(bfloat16_bits_from_float(from_bits(0x00000001)), 0x0000);   // smallest subnormal: tie-free, down
  EXPECT_EQ(bfloat16_bits_from_float(from_bits(0x00008000)), 0x0000);   // exact tie at 0, stays even
  EXPECT_EQ(bfloat16_bits_from_float(from_bits(0x00018000)), 0x0002);   // tie between 1 and 2 quanta
  std::uint16_t nan = bfloat16_bits_from_float(from_bits(0x7F800001));  // a signalling NaN with low bits only
  EXPECT_TRUE(std::isnan(float_from_bfloat16_bits(nan)));
  EXPECT_TRUE(std::isnan(float_from_bfloat16_bits(bfloat16_bits_from_float(-NAN))));
  EXPECT_EQ(float_from_bfloat16_bits(0x3F80), 1.0f);
}

TEST(LowPrecision, KnownFloat16Encodings) {
  EXPECT_EQ(float16_bits_from_float(1.0f), 0x3C00);
  EXPECT_EQ(float16_bits_from_float(65504.0f), 0x7BFF);
  EXPECT_EQ(float16_bits_from_float(65519.0f), 0x7BFF);
  EXPECT_EQ(float16_bits_from_float(65520.0f), 0x7C00);  // the midpoint to 65536 rounds to even: Inf
  EXPECT_EQ(float16_bits_from_float(0x1p-24f), 0x0001);
  EXPECT_EQ(float16_bits_from_float(0x1p-25f), 0x0000);  // tie, to even (zero)
  EXPECT_EQ(float16_bits_from_float(0x1.8p-25f), 0x0001);
  EXPECT_EQ(float16_bits_from_float(0x1.8p-24f), 0x0002);    // tie between 1 and 2, to 2
  EXPECT_EQ(float16_bits_from_float(0x1.ff8p-15f), 0x03FF);  // 1023 quanta, exact
  EXPECT_EQ(float16_bits_from_float(0x1.ffcp-15f), 0x0400);  // 1023.5: tie, up into the normals
  EXPECT_EQ(float16_bits_from_float(-0.0f), 0x8000);
  EXPECT_EQ(float16_bits_from_float(NAN) & 0x7FFF, 0x7E00);
  EXPECT_EQ(float16_bits_from_float(-INFINITY), 0xFC00);
  EXPECT_EQ(float_from_float16_bits(0x0001), 0x1p-24f);
  EXPECT_EQ(float_from_float16_bits(0xFC00), -INFINITY);
  EXPECT_TRUE(std::isnan(float_from_float16_bits(0x7C01)));
}

TEST(LowPrecision, Float16DecodesEveryEncodingAsTheCompilerDoes) {
  for (std::uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
    auto h = std::bit_cast<_Float16>(static_cast<std::uint16_t>(bits));
    float expected = static_cast<float>(h);
    float got = float_from_float16_bits(static_cast<std::uint16_t>(bits));
    if (std::isnan(expected)) {
      EXPECT_TRUE(std::isnan(got)) << std::hex << bits;
    } else {
      EXPECT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(expected))
          << std::hex << bits;
      EXPECT_EQ(float16_bits_from_float(got), bits) << std::hex << bits;  // round trip
    }
  }
}

TEST(LowPrecision, Float16RoundsAsTheCompilerDoes) {
  std::mt19937 rng(7);
  for (int i = 0; i < 200000; ++i) {
    // Exponents around float16's range, uniformly random significand bits.
    std::uint32_t bits = (rng() & 0x807FFFFFu) | ((95u + rng() % 60u) << 23);
    float value = from_bits(bits);
    auto expected = std::bit_cast<std::uint16_t>(static_cast<_Float16>(value));
    EXPECT_EQ(float16_bits_from_float(value), expected) << std::hexfloat << value;
  }
}

TEST(LowPrecision, Bfloat16RoundsAsScaledNearbyint) {
  std::mt19937 rng(11);
  for (int i = 0; i < 200000; ++i) {
    float value = from_bits(rng());
    if (std::isnan(value)) continue;
    float got = float_from_bfloat16_bits(bfloat16_bits_from_float(value));
    EXPECT_EQ(std::bit_cast<std::uint32_t>(got), std::bit_cast<std::uint32_t>(bfloat16_by_scaling(value)))
        << std::hexfloat << value;
  }
}

TEST(LowPrecision, RoundToDtypeAndNames) {
  EXPECT_EQ(round_to_dtype(1.0f + 0x1p-12f, GradDtype::float32), 1.0f + 0x1p-12f);
  EXPECT_EQ(round_to_dtype(1.0f + 0x1p-12f, GradDtype::bfloat16), 1.0f);
  EXPECT_EQ(round_to_dtype(1.0f + 0x1p-10f, GradDtype::float16), 1.0f + 0x1p-10f);
  for (GradDtype dtype : {GradDtype::float32, GradDtype::bfloat16, GradDtype::float16}) {
    EXPECT_EQ(grad_dtype_from_name(grad_dtype_name(dtype)), dtype);
  }
  EXPECT_FALSE(grad_dtype_from_name("half"));
}

}  // namespace
}  // namespace zfcheck
