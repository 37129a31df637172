// Tests of Python's float(str) and int(str) (reference/py_text_number); expected values are CPython 3.11's.
#include "reference/py_text_number.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace zfcheck {
namespace {

// What float() makes of the text: its value, "refused", or "not modelled".
std::string float_text(const py::Str& s) {
  auto read = py::float_of_text(s);
  if (std::holds_alternative<py::TextRefused>(read)) return "refused";
  if (std::holds_alternative<py::TextNotModelled>(read)) return "not modelled";
  double f = std::get<double>(read);
  if (std::isnan(f)) return "nan";
  if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", f);
  return buf;
}

std::string int_text(const py::Str& s) {
  auto read = py::int_of_text(s);
  if (std::holds_alternative<py::TextRefused>(read)) return "refused";
  if (std::holds_alternative<py::TextNotModelled>(read)) return "not modelled";
  return py::to_decimal(std::get<py::Int>(read));
}

py::Str text(std::string s) { return py::Str{std::move(s)}; }

TEST(PyTextNumber, FloatReadsWhatCPythonReads) {
  EXPECT_EQ(float_text(text(" 1\t\n\v\f\r")), "1");
  EXPECT_EQ(float_text(text("1_0")), "10");
  EXPECT_EQ(float_text(text("1e1_0")), "10000000000");
  EXPECT_EQ(float_text(text("-1_000")), "-1000");
  EXPECT_EQ(float_text(text("1.")), "1");
  EXPECT_EQ(float_text(text(".5")), "0.5");
  EXPECT_EQ(float_text(text("007")), "7");
  EXPECT_EQ(float_text(text("+inf")), "inf");
  EXPECT_EQ(float_text(text("-Infinity")), "-inf");
  EXPECT_EQ(float_text(text("nAn")), "nan");
  EXPECT_EQ(float_text(text("1e400")), "inf");
}

TEST(PyTextNumber, FloatRefusesWhatCPythonRefuses) {
  // Underscores only between digits; ASCII 0x1c-0x1f are not whitespace in an ASCII str.
  for (const char* s : {"", " ", ".", "1e", "0x10", "1__0", "_1", "1_", "1_.5", "1._5", "1_e5", "+_1",
                        "\x1c"
                        "1",
                        "1\x1c", "in_f", "1 2"}) {
    EXPECT_EQ(float_text(text(s)), "refused") << s;
  }
}

TEST(PyTextNumber, IntReadsBaseTenAsCPythonDoes) {
  EXPECT_EQ(int_text(text(" 12 ")), "12");
  EXPECT_EQ(int_text(text("007")), "7");
  EXPECT_EQ(int_text(text("+5")), "5");
  EXPECT_EQ(int_text(text("-1_000")), "-1000");
  EXPECT_EQ(int_text(text("-0")), "0");
  EXPECT_EQ(int_text(text("123456789012345678901234567890")), "123456789012345678901234567890");
  for (const char* s :
       {"", "-", "1.5", "12.0", "1e3", "1e1_0", "inf", "1__0", "_1", "1_", "+-1", "0x10", "1 2"}) {
    EXPECT_EQ(int_text(text(s)), "refused") << s;
  }
}

TEST(PyTextNumber, UnicodeDigitsAndSpacesAsCPythonReadsThem) {
  EXPECT_EQ(float_text(text("\uff11\uff12")), "12");                 // fullwidth digits
  EXPECT_EQ(int_text(text("\u00a0\u0661\u0662\u3000")), "12");       // Arabic-Indic, between Unicode spaces
  EXPECT_EQ(int_text(text("1\u00b2")), "refused");                   // a digit, but not a decimal one
  EXPECT_EQ(float_text(py::Str{"1\xed\xa0\x80", true}), "refused");  // "1\ud800"
  EXPECT_EQ(int_text(text("1\x1c")), "refused");  // a space to str.isspace(), not to int() below U+007F
}

TEST(PyTextNumber, WhatPythonsReadDifferentlyOrTheDigitLimitIsNotModelled) {
  EXPECT_EQ(int_text(text("\U0001fbf1")), "not modelled");  // a digit from Unicode 13 on
  // int() refuses more than 4300 digits from Python 3.11 on (int_max_str_digits), reads them before.
  EXPECT_EQ(int_text(text(std::string(4300, '9'))), std::string(4300, '9'));
  EXPECT_EQ(int_text(text(std::string(4301, '9'))), "not modelled");
}

}  // namespace
}  // namespace zfcheck
