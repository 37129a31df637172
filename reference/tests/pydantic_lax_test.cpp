// Tests of pydantic's lax coercions (reference/pydantic_lax), pinned to what pydantic 2.13.4 does.
#include "reference/pydantic_lax.hpp"

#include "test_support.hpp"

#include <cmath>

namespace zfcheck::pydantic {
namespace {

using testing::json;

std::string int_issue(std::string_view input_json) {
  auto r = lax_int(json(input_json));
  return r ? "ok:" + py::to_decimal(*r) : std::string(r.error().type);
}

std::string float_issue(std::string_view input_json) {
  auto r = lax_float(json(input_json));
  return r ? "ok:" + py::float_repr(*r) : std::string(r.error().type);
}

std::string bool_issue(std::string_view input_json) {
  auto r = lax_bool(json(input_json));
  return r ? (*r ? "ok:true" : "ok:false") : std::string(r.error().type);
}

TEST(PydanticLax, IntFromNumericStringsFollowsPydanticCore) {
  EXPECT_EQ(int_issue(R"("3")"), "ok:3");
  EXPECT_EQ(int_issue(R"(" 3 ")"), "ok:3");
  EXPECT_EQ(int_issue(R"("3.0")"), "ok:3");
  EXPECT_EQ(int_issue(R"("1_000")"), "ok:1000");
  EXPECT_EQ(int_issue(R"("+1")"), "ok:1");
  EXPECT_EQ(int_issue(R"("-00001")"), "ok:-1");
  EXPECT_EQ(int_issue(R"("0-1")"), "ok:-1");
  EXPECT_EQ(int_issue(R"("00_1.00")"), "ok:1");
  EXPECT_EQ(int_issue(R"("\u00a01")"), "ok:1");
  EXPECT_EQ(int_issue(R"("9223372036854775808")"), "ok:9223372036854775808");
  for (std::string_view bad : {R"("1e3")", R"("3.5")", R"("1.")", R"(".0")", R"("_1")", R"("1_")", R"("1__0")",
                               R"("0x10")", R"("")", R"("+-1")", R"("--1")", R"("1.0_0")", R"("\u200b1")",
                               R"("\u0661")"}) {
    EXPECT_EQ(int_issue(bad), "int_parsing") << bad;
  }
}

TEST(PydanticLax, IntStringsBeyond4300CharactersAreTooLarge) {
  EXPECT_EQ(int_issue("\"" + std::string(4300, '1') + "\""), "ok:" + std::string(4300, '1'));
  EXPECT_EQ(int_issue("\"" + std::string(4301, '1') + "\""), "int_parsing_size");
  EXPECT_EQ(int_issue("\"-" + std::string(4300, '1') + "\""), "int_parsing_size");
  EXPECT_EQ(int_issue("\" " + std::string(4300, '1') + "\""), "ok:" + std::string(4300, '1'));
}

TEST(PydanticLax, IntFromFloatNeedsAWholeNumberInsideInt64) {
  EXPECT_EQ(int_issue("3.0"), "ok:3");
  EXPECT_EQ(int_issue("-0.0"), "ok:0");
  EXPECT_EQ(int_issue("9.2e18"), "ok:9200000000000000000");
  EXPECT_EQ(int_issue("3.5"), "int_from_float");
  EXPECT_EQ(int_issue("5e-324"), "int_from_float");
  EXPECT_EQ(int_issue("9.223372036854775808e18"), "int_parsing_size");
  EXPECT_EQ(int_issue("-9.223372036854775808e18"), "int_parsing_size");
  EXPECT_EQ(int_issue("NaN"), "finite_number");
  EXPECT_EQ(int_issue("-Infinity"), "finite_number");
}

TEST(PydanticLax, IntFromOtherTypes) {
  EXPECT_EQ(int_issue("true"), "ok:1");
  EXPECT_EQ(int_issue("1180591620717411303424"), "ok:1180591620717411303424");
  EXPECT_EQ(int_issue("null"), "int_type");
  EXPECT_EQ(int_issue("[]"), "int_type");
  EXPECT_EQ(int_issue(R"("\ud800")"), "string_unicode");
}

TEST(PydanticLax, FloatFromStringsUsesRustsGrammar) {
  EXPECT_EQ(float_issue(R"(" 0.5 ")"), "ok:0.5");
  EXPECT_EQ(float_issue(R"(".5")"), "ok:0.5");
  EXPECT_EQ(float_issue(R"("1.")"), "ok:1.0");
  EXPECT_EQ(float_issue(R"("5e-1")"), "ok:0.5");
  EXPECT_EQ(float_issue(R"("0_.5")"), "ok:0.5");
  EXPECT_EQ(float_issue(R"("\u30000.5")"), "ok:0.5");
  EXPECT_EQ(float_issue(R"("-inf")"), "ok:-inf");
  EXPECT_EQ(float_issue(R"("Infinity")"), "ok:inf");
  EXPECT_EQ(float_issue(R"("1e400")"), "ok:inf");
  for (std::string_view bad : {R"(" 0_5")", R"("0x10")", R"("")", R"("true")", R"("1e")", R"(".")", R"("_1")"}) {
    EXPECT_EQ(float_issue(bad), "float_parsing") << bad;
  }
}

TEST(PydanticLax, FloatFromIntsAndBools) {
  EXPECT_EQ(float_issue("1"), "ok:1.0");
  EXPECT_EQ(float_issue("true"), "ok:1.0");
  EXPECT_EQ(float_issue("1" + std::string(308, '0')), "ok:1e+308");
  EXPECT_EQ(float_issue("1" + std::string(400, '0')), "float_type");
  EXPECT_EQ(float_issue("null"), "float_type");
  EXPECT_EQ(float_issue("{}"), "float_type");
}

TEST(PydanticLax, BoolAcceptsItsWordsAndZeroOrOne) {
  for (std::string_view yes : {R"("true")", R"("TRUE")", R"("yes")", R"("on")", R"("y")", R"("t")", R"("1")", "1",
                               "1.0", "true"}) {
    EXPECT_EQ(bool_issue(yes), "ok:true") << yes;
  }
  for (std::string_view no : {R"("false")", R"("Off")", R"("n")", R"("f")", R"("0")", "0", "-0.0", "false"}) {
    EXPECT_EQ(bool_issue(no), "ok:false") << no;
  }
  for (std::string_view bad : {"2", "-1", R"("2")", R"("")", R"(" 1")", "9.2e18", "9223372036854775807"}) {
    EXPECT_EQ(bool_issue(bad), "bool_parsing") << bad;
  }
  for (std::string_view bad : {"1.5", "null", "[]", "NaN", "9223372036854775808", "9.3e18", "5e-324"}) {
    EXPECT_EQ(bool_issue(bad), "bool_type") << bad;
  }
}

TEST(PydanticLax, StrOrIntKeepsStringsAndReportsBothMembers) {
  auto s = lax_str_or_int(json(R"("10")"));
  ASSERT_TRUE(s.has_value());
  EXPECT_TRUE(std::holds_alternative<py::Str>(*s));
  auto b = lax_str_or_int(json("true"));
  ASSERT_TRUE(b.has_value());
  EXPECT_EQ(std::get<py::Int>(*b), 1);
  auto f = lax_str_or_int(json("10.5"));
  ASSERT_FALSE(f.has_value());
  ASSERT_EQ(f.error().size(), 2u);
  EXPECT_EQ(f.error()[0].type, "string_type");
  EXPECT_EQ(f.error()[1].type, "int_from_float");
  EXPECT_EQ(lax_str_or_int(json("1e19")).error()[1].type, "int_parsing_size");
}

TEST(PydanticLax, UnitIntervalChecksUpperBoundFirst) {
  EXPECT_FALSE(check_unit_interval(0.0, false).has_value());
  EXPECT_FALSE(check_unit_interval(1.0, false).has_value());
  EXPECT_EQ(check_unit_interval(std::nan(""), false)->type, "less_than_equal");
  EXPECT_EQ(check_unit_interval(-0.1, false)->type, "greater_than_equal");
  EXPECT_EQ(check_unit_interval(1.0, true)->type, "less_than");
  EXPECT_EQ(check_unit_interval(0.0, true)->type, "greater_than");
  EXPECT_EQ(check_unit_interval(std::nan(""), true)->type, "less_than");
}

}  // namespace
}  // namespace zfcheck::pydantic
