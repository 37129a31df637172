// Tests of `text % 8` (reference/py_percent_format); expected errors are CPython 3.11's.
#include "reference/py_percent_format.hpp"

#include <gtest/gtest.h>

namespace zfcheck::py {
namespace {

std::string formatted(const char* format) {
  auto result = format_one_int(Str{format});
  if (std::holds_alternative<Formatted>(result)) return "ok";
  if (std::holds_alternative<FormatNotModelled>(result)) return "not modelled";
  const Error& e = std::get<Error>(result);
  return e.type + ": " + e.message;
}

TEST(PyPercentFormat, OneConversionTakesTheOperand) {
  EXPECT_EQ(formatted("%d"), "ok");
  EXPECT_EQ(formatted("vocab %-#10.3lf %%"), "ok");
  EXPECT_EQ(formatted("%%%c"), "ok");
}

TEST(PyPercentFormat, OperandsMissingOrLeftOver) {
  EXPECT_EQ(formatted("50257"), "TypeError: not all arguments converted during string formatting");
  EXPECT_EQ(formatted("100%%"), "TypeError: not all arguments converted during string formatting");
  EXPECT_EQ(formatted("%d%d"), "TypeError: not enough arguments for format string");
  EXPECT_EQ(formatted("%*d"), "TypeError: not enough arguments for format string");  // * takes it
  EXPECT_EQ(formatted("%(size)d"), "TypeError: format requires a mapping");
}

TEST(PyPercentFormat, FormatsCPythonRefuses) {
  EXPECT_EQ(formatted("size%"), "ValueError: incomplete format");
  EXPECT_EQ(formatted("%*"), "ValueError: incomplete format");
  EXPECT_EQ(formatted("%5.l"), "ValueError: incomplete format");
  EXPECT_EQ(formatted("%5%"), "ValueError: unsupported format character '%' (0x25) at index 2");
  EXPECT_EQ(formatted("\u00e9%\u00e9"), "ValueError: unsupported format character '?' (0xe9) at index 2");
  EXPECT_EQ(formatted("%99999999999999999999d"), "ValueError: width too big");
  EXPECT_EQ(formatted("%.9999999999f"), "ValueError: precision too big");
  EXPECT_EQ(formatted("%.99999999f"), "not modelled");  // whether it allocates depends on the machine
}

}  // namespace
}  // namespace zfcheck::py
