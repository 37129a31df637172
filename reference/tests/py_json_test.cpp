// Tests of the Python-dialect JSON reader and writer (reference/py_json).
#include "reference/py_json.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace zfcheck::py {
namespace {

Value parse(std::string_view text) {
  auto v = parse_json(text);
  EXPECT_TRUE(v.has_value()) << text << ": " << (v ? "" : v.error().reason);
  return v ? *v : Value();
}

TEST(PyJson, IntegersAreUnboundedAsInPython) {
  EXPECT_EQ(*parse("1180591620717411303424").as<Int>(), Int(1) << 70);
  EXPECT_EQ(*parse("-9223372036854775809").as<Int>(), -(Int(1) << 63) - 1);
  EXPECT_EQ(parse("-0").kind(), Kind::integer);
}

TEST(PyJson, IntegerLiteralsBeyondPythonsDigitLimitAreRejected) {
  EXPECT_TRUE(parse_json(std::string(4300, '7')).has_value());
  EXPECT_TRUE(parse_json("-" + std::string(4300, '7')).has_value());
  auto too_long = parse_json(std::string(4301, '7'));
  ASSERT_FALSE(too_long.has_value());
  EXPECT_NE(too_long.error().reason.find("4300"), std::string::npos);
}

TEST(PyJson, NanAndInfinityAreLiterals) {
  EXPECT_TRUE(std::isnan(*parse("NaN").as<double>()));
  EXPECT_EQ(*parse("Infinity").as<double>(), HUGE_VAL);
  EXPECT_EQ(*parse("-Infinity").as<double>(), -HUGE_VAL);
  EXPECT_FALSE(parse_json("nan").has_value());
  EXPECT_FALSE(parse_json("+Infinity").has_value());
}

TEST(PyJson, FloatsRoundCorrectlyAndOverflowToInfinity) {
  EXPECT_EQ(*parse("0.1").as<double>(), 0.1);
  EXPECT_EQ(*parse("1e400").as<double>(), HUGE_VAL);
  EXPECT_EQ(*parse("1e-400").as<double>(), 0.0);
  EXPECT_TRUE(std::signbit(*parse("-0.0").as<double>()));
  EXPECT_EQ(parse("10.0").kind(), Kind::floating);
  EXPECT_EQ(parse("1E3").kind(), Kind::floating);
}

TEST(PyJson, NumberGrammarIsPythons) {
  for (std::string_view bad : {"01", "1.", ".5", "1e", "+1", "-", "0x10", "1_000"}) {
    EXPECT_FALSE(parse_json(bad).has_value()) << bad;
  }
}

TEST(PyJson, RepeatedKeysKeepFirstPositionAndLastValue) {
  Value v = parse(R"({"a": 1, "b": 2, "a": 3})");
  const Dict& d = *v.as<Dict>();
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d.entries()[0].first.text, "a");
  EXPECT_EQ(*d.entries()[0].second.as<Int>(), 3);
}

TEST(PyJson, ManyKeysStayFindable) {
  std::string text = "{";
  for (int i = 0; i < 1000; ++i) text += (i ? "," : "") + std::string("\"k") + std::to_string(i) + "\":" + std::to_string(i);
  text += ",\"k7\":-1}";
  Value v = parse(text);
  EXPECT_EQ(v.as<Dict>()->size(), 1000u);
  EXPECT_EQ(*v.as<Dict>()->find("k7")->as<Int>(), -1);
  EXPECT_EQ(*v.as<Dict>()->find("k999")->as<Int>(), 999);
}

TEST(PyJson, LoneSurrogatesAreKeptAndFlagged) {
  Value lone = parse(R"("a\ud800")");
  EXPECT_TRUE(lone.as<Str>()->lone_surrogate);
  Value pair = parse(R"("\ud83d\ude00")");
  EXPECT_FALSE(pair.as<Str>()->lone_surrogate);
  EXPECT_EQ(pair.as<Str>()->text, "\xF0\x9F\x98\x80");
  EXPECT_EQ(to_json(lone), R"("a\ud800")");
  EXPECT_EQ(to_json(pair), R"("\ud83d\ude00")");
}

TEST(PyJson, StringsRejectControlCharactersAndBadEscapes) {
  EXPECT_FALSE(parse_json("\"a\nb\"").has_value());
  EXPECT_FALSE(parse_json(R"("\x")").has_value());
  EXPECT_FALSE(parse_json(R"("\u12")").has_value());
  EXPECT_FALSE(parse_json("\"unterminated").has_value());
}

TEST(PyJson, InvalidUtf8IsRejected) {
  EXPECT_FALSE(parse_json("\"\xff\"").has_value());
  EXPECT_FALSE(parse_json("\"\xed\xa0\x80\"").has_value());  // a surrogate encoded directly
  EXPECT_TRUE(parse_json("\"\xc3\xa9\"").has_value());
}

TEST(PyJson, NestingIsBounded) {
  std::string deep(kMaxDepth, '[');
  deep += std::string(kMaxDepth, ']');
  EXPECT_TRUE(parse_json(deep).has_value());
  std::string deeper(kMaxDepth + 1, '[');
  deeper += std::string(kMaxDepth + 1, ']');
  EXPECT_FALSE(parse_json(deeper).has_value());
  EXPECT_FALSE(parse_json(std::string(100000, '{')).has_value());
}

TEST(PyJson, TrailingDataIsAnError) {
  auto v = parse_json("{} x");
  ASSERT_FALSE(v.has_value());
  EXPECT_EQ(v.error().offset, 3u);
  EXPECT_TRUE(parse_json(" {} \r\n").has_value());
}

TEST(PyJson, FloatReprFollowsPython) {
  EXPECT_EQ(float_repr(0.1), "0.1");
  EXPECT_EQ(float_repr(1.0), "1.0");
  EXPECT_EQ(float_repr(-0.0), "-0.0");
  EXPECT_EQ(float_repr(1e16), "1e+16");
  EXPECT_EQ(float_repr(123456789012345.0), "123456789012345.0");
  EXPECT_EQ(float_repr(1e-05), "1e-05");
  EXPECT_EQ(float_repr(0.0001), "0.0001");
  EXPECT_EQ(float_repr(5e-324), "5e-324");
  EXPECT_EQ(float_repr(1.5e300), "1.5e+300");
  EXPECT_EQ(float_repr(9.2e18), "9.2e+18");
}

TEST(PyJson, WriterRoundTripsThroughTheReader) {
  std::string text = R"({"a":[1,2.5,"x\"y\\z\n",null,true,false,NaN,-Infinity],"b":{"c":1180591620717411303424}})";
  EXPECT_EQ(to_json(parse(text)), text);
}

TEST(PyJson, WriterEscapesNonAsciiLikeEnsureAscii) {
  EXPECT_EQ(to_json(Value(Str{"\xc3\xa9\x7f"})), R"("\u00e9\u007f")");
}

}  // namespace
}  // namespace zfcheck::py
