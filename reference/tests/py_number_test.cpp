// Tests of Python's int/float mixing (reference/py_number); expected values are what CPython 3.11 prints.
#include "reference/py_number.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace zfcheck::py {
namespace {

std::string text(const tl::expected<Number, Error>& n) {
  return n ? number_text(*n) : n.error().type + ": " + n.error().message;
}

TEST(PyNumber, IntsStayIntsUntilAFloatEnters) {
  EXPECT_EQ(text(number_floor_divide(Int(-7), Int(2))), "-4");
  EXPECT_EQ(text(number_multiply(Int(3), Int(4))), "12");
  EXPECT_EQ(text(number_multiply(Int(3), 0.5)), "1.5");
  EXPECT_EQ(text(number_multiply(Int(2), 2.0)), "4.0");
  EXPECT_EQ(text(number_floor_divide(Int(8), 0.5)), "16.0");
}

TEST(PyNumber, FloatFloorDivisionIsCPythons) {
  EXPECT_EQ(text(number_floor_divide(Int(7), 2.0)), "3.0");
  EXPECT_EQ(text(number_floor_divide(Int(-7), 2.0)), "-4.0");
  EXPECT_EQ(text(number_floor_divide(Int(7), -2.0)), "-4.0");
  EXPECT_EQ(text(number_floor_divide(1.0, 0.1)), "9.0");  // fmod, not 1.0 / 0.1 == 10.0
  EXPECT_EQ(text(number_floor_divide(Int(0), -2.0)), "-0.0");
  EXPECT_EQ(text(number_floor_divide(Int(8), 0.0)), "ZeroDivisionError: float floor division by zero");
  EXPECT_EQ(text(number_floor_divide(Int(8), Int(0))),
            "ZeroDivisionError: integer division or modulo by zero");
  EXPECT_EQ(text(number_multiply(Int(1) << 1100, 0.5)), "OverflowError: int too large to convert to float");
}

TEST(PyNumber, ComparesIntsAndFloatsExactly) {
  EXPECT_TRUE(number_equals(Int(4), 4.0));
  EXPECT_FALSE(number_equals(Int(4), 4.5));
  EXPECT_FALSE(number_equals((Int(1) << 53) + 1, std::ldexp(1.0, 53)));  // the float is 2**53 exactly
  EXPECT_FALSE(number_equals(std::nan(""), std::nan("")));
  EXPECT_FALSE(Number(Int(4)) == Number(4.0));  // as results hold them, 4 is not 4.0
  EXPECT_TRUE(number_positive(0.5));
  EXPECT_FALSE(number_positive(Int(0)));
}

TEST(PyNumber, BoolsComputeAsIntsAndPrintAsBools) {
  EXPECT_EQ(text(Number(true)), "True");
  EXPECT_EQ(text(number_multiply(true, true)), "1");  // arithmetic never gives a bool back
  EXPECT_EQ(text(number_floor_divide(Int(8), true)), "8");
  EXPECT_EQ(text(number_floor_divide(false, 2.0)), "0.0");
  EXPECT_EQ(text(number_floor_divide(Int(8), false)),
            "ZeroDivisionError: integer division or modulo by zero");
  EXPECT_TRUE(number_equals(true, Int(1)));
  EXPECT_TRUE(number_equals(false, 0.0));
  EXPECT_FALSE(number_positive(false));
  EXPECT_FALSE(Number(true) == Number(Int(1)));  // as results hold them, True is not 1
  std::string json;
  write_json_number(json, false);
  EXPECT_EQ(json, "false");
}

}  // namespace
}  // namespace zfcheck::py
