// Tests of Python int conversions (reference/py_int).
#include "reference/py_int.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace zfcheck::py {
namespace {

TEST(PyInt, DecimalRoundTrip) {
  for (std::string_view text : {"0", "-1", "9223372036854775807", "-9223372036854775809", "1180591620717411303424",
                                "123456789012345678901234567890123456789"}) {
    EXPECT_EQ(to_decimal(int_from_decimal(text)), text);
  }
}

TEST(PyInt, Int64Range) {
  EXPECT_EQ(to_int64(Int(-5)), -5);
  EXPECT_FALSE(to_int64(Int(1) << 63).has_value());
  EXPECT_EQ(to_int64(-(Int(1) << 63)), INT64_MIN);
}

TEST(PyInt, ToDoubleRoundsLikePythonAndOverflowsToNothing) {
  EXPECT_EQ(to_double(Int(1) << 70), 1180591620717411303424.0);
  EXPECT_EQ(to_double((Int(1) << 53) + 1), 9007199254740992.0);  // ties to even
  EXPECT_FALSE(to_double(Int(1) << 1024).has_value());
  EXPECT_TRUE(to_double((Int(1) << 1024) - (Int(1) << 971)).has_value());
}

TEST(PyInt, TrueDivisionIsCorrectlyRoundedAsPythons) {
  // Expected values are CPython 3.11's a / b (float.hex shown where the last bit matters).
  EXPECT_EQ(true_divide(Int(4), int_from_decimal("9007199254740993")), 0x1.fffffffffffffp-52);
  EXPECT_EQ(true_divide(Int(1), Int(3)), 0x1.5555555555555p-2);
  EXPECT_EQ(true_divide((Int(1) << 60) + 1, Int(3)), 0x1.5555555555555p+58);
  EXPECT_EQ(true_divide(Int(1), Int(-3)), -0x1.5555555555555p-2);
  EXPECT_EQ(true_divide(Int(1), int_from_decimal("1" + std::string(320, '0'))), 0x0.00000000007e8p-1022);
  EXPECT_EQ(true_divide(Int(3), Int(1) << 1076), 0x0.0000000000001p-1022);  // rounds up to the smallest
  EXPECT_EQ(true_divide(Int(1), Int(1) << 1075), 0.0);                      // a tie, to even: zero
  EXPECT_TRUE(std::signbit(*true_divide(Int(0), Int(-5))));
  EXPECT_EQ(true_divide(Int(1) << 1024, Int(1)), std::nullopt);
  EXPECT_EQ(true_divide(int_from_decimal("1" + std::string(400, '0')), Int(3)), std::nullopt);
}

TEST(PyInt, ClampTo) {
  EXPECT_EQ(clamp_to(Int(1) << 80, -1, 40), 40);
  EXPECT_EQ(clamp_to(-(Int(1) << 80), -1, 40), -1);
  EXPECT_EQ(clamp_to(Int(7), -1, 40), 7);
}

}  // namespace
}  // namespace zfcheck::py
