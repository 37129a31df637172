// Tests of Python's int(a / b), math.ceil(a / b) and int(x) on 64-bit ints, against values CPython computed.
#include "reference/py_arith.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <optional>
#include <random>

namespace zfcheck::py {
namespace {

constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
constexpr std::optional<std::int64_t> kNone = std::nullopt;

struct DivisionVector {
  std::int64_t a;
  std::int64_t b;
  std::optional<std::int64_t> int_quotient;   // int(a / b) in CPython 3.11; none: beyond int64
  std::optional<std::int64_t> ceil_quotient;  // math.ceil(a / b)
};

// Produced by CPython 3.11 (`int(a / b)`, `math.ceil(a / b)`): exact cases, cases where the quotient's
// rounding to a double changes the integer part, and random 64-bit pairs.
const DivisionVector kVectors[] = {
    {0LL, 1LL, 0LL, 0LL},
    {5LL, 1LL, 5LL, 5LL},
    {7LL, 2LL, 3LL, 4LL},
    {-7LL, 2LL, -3LL, -3LL},
    {9007199254740993LL, 1LL, 9007199254740992LL, 9007199254740992LL},
    {9007199254740995LL, 2LL, 4503599627370498LL, 4503599627370498LL},
    {9223372036854775807LL, 1LL, kNone, kNone},
    {9223372036854775807LL, 2LL, 4611686018427387904LL, 4611686018427387904LL},
    {kMin, 1LL, kMin, kMin},
    {kMin, 3LL, -3074457345618258432LL, -3074457345618258432LL},
    {1152921504606846975LL, 1152921504606846976LL, 1LL, 1LL},
    {4611686018427387903LL, 4611686018427387904LL, 1LL, 1LL},
    {18014398509481983LL, 18014398509481984LL, 1LL, 1LL},
    {9007199254740991LL, 9007199254740992LL, 0LL, 1LL},
    {1LL, 4611686018427387904LL, 0LL, 1LL},
    {3LL, 7LL, 0LL, 1LL},
    {36028797018963975LL, 3LL, 12009599006321324LL, 12009599006321324LL},
    {1000000000000000001LL, 1000000007LL, 999999993LL, 999999993LL},
    {-1152921504606846977LL, 288230376151711745LL, -4LL, -4LL},
    {4611686018427388416LL, 1LL, 4611686018427387904LL, 4611686018427387904LL},
    {4611686018427388417LL, 1LL, 4611686018427388928LL, 4611686018427388928LL},
    {4611686018427389440LL, 1LL, 4611686018427389952LL, 4611686018427389952LL},
    {4611686018427387903LL, 3LL, 1537228672809129216LL, 1537228672809129216LL},
    {-8531699129511414324LL, 668106803327565777LL, -12LL, -12LL},
    {8258772313671944433LL, 836679885360207653LL, 9LL, 10LL},
    {-6766730261175167285LL, 429649390867108241LL, -15LL, -15LL},
    {1187385434856157239LL, 224114513292LL, 5298119LL, 5298120LL},
    {-863595804749289593LL, 4294419225162543856LL, 0LL, 0LL},
    {-7873054320740221640LL, 2655757106302864443LL, -2LL, -2LL},
    {-203594906249540638LL, 33LL, -6169542613622444LL, -6169542613622444LL},
    {-8024334048199057126LL, 3LL, -2674778016066352128LL, -2674778016066352128LL},
    {-2822254768612912354LL, 681617718071LL, -4140524LL, -4140524LL},
    {-1883455377138012285LL, 370893894186LL, -5078151LL, -5078151LL},
    {7072183418114570015LL, 3704514414053814787LL, 1LL, 2LL},
    {-5972728649860875222LL, 28LL, -213311737495031264LL, -213311737495031264LL},
};

std::optional<std::int64_t> value_or_none(const tl::expected<std::int64_t, Error>& result) {
  if (result) return *result;
  EXPECT_EQ(result.error().type, "RuntimeError");
  return std::nullopt;
}

TEST(PyArith, TrueDivisionMatchesCPython) {
  for (const auto& v : kVectors) {
    EXPECT_EQ(value_or_none(int_of_true_division(v.a, v.b)), v.int_quotient) << v.a << " / " << v.b;
    EXPECT_EQ(value_or_none(ceil_of_true_division(v.a, v.b)), v.ceil_quotient) << v.a << " / " << v.b;
  }
}

TEST(PyArith, TrueDivisionIsFloorBelowTwoTo53) {
  std::mt19937_64 rng(20260829);
  for (int i = 0; i < 100000; ++i) {
    std::int64_t a = static_cast<std::int64_t>(rng() >> 12);
    std::int64_t b = static_cast<std::int64_t>(rng() >> (12 + rng() % 50)) + 1;
    EXPECT_EQ(*int_of_true_division(a, b), a / b) << a << " / " << b;
    EXPECT_EQ(*ceil_of_true_division(a, b), a / b + (a % b != 0 ? 1 : 0)) << a << " / " << b;
  }
}

TEST(PyArith, DivisionByZeroIsZeroDivisionError) {
  EXPECT_EQ(int_of_true_division(3, 0).error().type, "ZeroDivisionError");
  EXPECT_EQ(ceil_of_true_division(0, 0).error().type, "ZeroDivisionError");
}

TEST(PyArith, IntOfFloatTruncatesAndRaisesAsPython) {
  EXPECT_EQ(*int_of_float(2.9), 2);
  EXPECT_EQ(*int_of_float(-2.9), -2);
  EXPECT_EQ(*int_of_float(-0.5), 0);
  EXPECT_EQ(*int_of_float(-0x1p63), kMin);
  EXPECT_EQ(int_of_float(0x1p63).error().type, "RuntimeError");
  EXPECT_EQ(int_of_float(std::nan("")).error().type, "ValueError");
  EXPECT_EQ(int_of_float(-INFINITY).error().type, "OverflowError");
}

TEST(PyArith, ProductConvertsTheIntFirst) {
  // CPython: 0.57 * 100 == 56.99999999999999, 0.29 * 100 == 28.999999999999996, 1.1 * 3
  // == 3.3000000000000003.
  EXPECT_EQ(*int_of_product(0.57, 100), 56);
  EXPECT_EQ(*int_of_product(0.29, 100), 28);
  EXPECT_EQ(*int_of_product(1.1, 3), 3);
  EXPECT_EQ(*int_of_product(0.7, 10), 7);
  EXPECT_EQ(*int_of_product(0.5, -1), 0);
  EXPECT_EQ(*int_of_product(1.5, -3), -4);
  EXPECT_EQ(int_of_product(INFINITY, 0).error().type, "ValueError");
}

}  // namespace
}  // namespace zfcheck::py
