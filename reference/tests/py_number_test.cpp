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

TEST(PyNumber, RemainderTakesTheDivisorsSign) {
  EXPECT_EQ(text(number_remainder(Int(-7), Int(2))), "1");
  EXPECT_EQ(text(number_remainder(Int(7), Int(-2))), "-1");
  EXPECT_EQ(text(number_remainder(7.5, Int(2))), "1.5");
  EXPECT_EQ(text(number_remainder(-7.5, Int(2))), "0.5");
  EXPECT_EQ(text(number_remainder(Int(7), -2.0)), "-1.0");
  EXPECT_EQ(text(number_remainder(Int(6), -3.0)), "-0.0");
  EXPECT_EQ(text(number_remainder(HUGE_VAL, Int(2))), "nan");
  EXPECT_EQ(text(number_remainder(Int(-5), HUGE_VAL)), "inf");
  EXPECT_EQ(text(number_remainder(true, Int(2))), "1");
}

TEST(PyNumber, TrueDivisionIsAlwaysAFloat) {
  EXPECT_EQ(text(number_true_divide(Int(1), Int(3))), "0.3333333333333333");
  EXPECT_EQ(text(number_true_divide(Int(1) << 70, Int(3))), "3.935305402391371e+20");
  const Int huge = Int(1) << 1400;
  EXPECT_EQ(text(number_true_divide(huge, Int(3))),
            "OverflowError: integer division result too large for a float");
  EXPECT_EQ(text(number_true_divide(huge, 3.0)), "OverflowError: int too large to convert to float");
  EXPECT_EQ(text(number_true_divide(Int(1), Int(0))), "ZeroDivisionError: division by zero");
  EXPECT_EQ(text(number_true_divide(1.0, false)), "ZeroDivisionError: float division by zero");
}

TEST(PyNumber, IntOfANumberTruncatesExactly) {
  EXPECT_EQ(text(int_of_number(-2.7)), "-2");
  EXPECT_EQ(text(int_of_number(true)), "1");
  EXPECT_EQ(
      text(int_of_number(1e300)),
      "1000000000000000052504760255204420248704468581108159154915854115511802457988908195786371375080447864"
      "0437044438328838781769425232353604305756447921847867069828483872009265758037378302337947880900593689"
      "5323497079994508111903896764088007465274278014249457925878882005684283811566947219638686545940054016"
      "0");
  EXPECT_EQ(text(int_of_number(std::nan(""))), "ValueError: cannot convert float NaN to integer");
  EXPECT_EQ(text(int_of_number(-HUGE_VAL)), "OverflowError: cannot convert float infinity to integer");
}

TEST(PyNumber, ValuesThatAreNumbersAndTheirTruth) {
  EXPECT_EQ(number_text(*number_of(Value(true))), "True");
  EXPECT_EQ(number_text(*number_of(Value(2.5))), "2.5");
  EXPECT_FALSE(number_of(Value(Str{"8"})).has_value());
  EXPECT_FALSE(number_of(Value(None{})).has_value());
  EXPECT_TRUE(number_truthy(std::nan("")));
  EXPECT_FALSE(number_truthy(-0.0));
  EXPECT_FALSE(number_truthy(false));
  EXPECT_TRUE(number_truthy(Int(-1)));
}

}  // namespace
}  // namespace zfcheck::py
