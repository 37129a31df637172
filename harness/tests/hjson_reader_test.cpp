// Tests of the hjson reader (harness/explain/hjson_reader): hjson's documented syntax as hjson-py reads it,
// and DeepSpeed's duplicate-key refusal. Expected values are written out as JSON by hand.
#include "harness/explain/hjson_reader.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

// The parsed text as JSON, or "error: <reason> @<offset>".
std::string read_hjson(std::string_view text) {
  auto v = parse_hjson(text);
  if (!v) return "error: " + v.error().where.reason + " @" + std::to_string(v.error().where.offset);
  return py::to_json(*v);
}

TEST(HjsonReader, StrictJsonReadsAsJson) {
  EXPECT_EQ(read_hjson(R"({"a": [1, 2.5, "x\u0041", true, false, null], "b": {}})"),
            R"({"a":[1,2.5,"xA",true,false,null],"b":{}})");
}

TEST(HjsonReader, CommentsOfAllThreeKinds) {
  EXPECT_EQ(read_hjson("{\n  # hash\n  a: 1 // slashes\n  /* block\n  over lines */ b: 2\n}"), R"({"a":1,"b":2})");
}

TEST(HjsonReader, CommasOptionalAndTrailing) {
  EXPECT_EQ(read_hjson("{\n  a: 1\n  b: 2,\n}"), R"({"a":1,"b":2})");
  EXPECT_EQ(read_hjson("[\n  1\n  2,\n]"), "[1,2]");
  EXPECT_EQ(read_hjson(R"({"a": 1, "b": [1, 2,],})"), R"({"a":1,"b":[1,2]})");
}

TEST(HjsonReader, QuotelessKeysAndStrings) {
  // A quoteless string runs to the end of the line, commas and quotes included, trimmed.
  EXPECT_EQ(read_hjson("{\n  device: cpu  \n  text: a, b: \"c\"\n}"), R"({"device":"cpu","text":"a, b: \"c\""})");
  // ... but true/false/null/numbers end at a comma, a bracket or a comment.
  EXPECT_EQ(read_hjson("{a: true, b: 1 # one\n c: null}"), R"({"a":true,"b":1,"c":null})");
  // A number followed by more text is a string.
  EXPECT_EQ(read_hjson("{\n  a: 3 apples\n  b: 0123\n  c: true love\n}"),
            R"({"a":"3 apples","b":"0123","c":"true love"})");
}

TEST(HjsonReader, AQuotelessStringTakesTheClosingBraceOfItsLine) {
  // JSON-looking hjson trips here as it does in hjson-py: the value is "cpu}}" and the braces stay open.
  EXPECT_EQ(read_hjson("{\n  a: {b: cpu}}\n"), "error: Bad key name (eof) @17");
}

TEST(HjsonReader, NumbersAsHjsonPyMakesThem) {
  // An integral float below 1e10 becomes an int; others stay floats; integers are unbounded.
  EXPECT_EQ(read_hjson("[2.0, 1e3, -0.0, 0.5, 1e10, 123456789012345678901234567890]"),
            "[2,1000,0,0.5,10000000000.0,123456789012345678901234567890]");
  EXPECT_EQ(read_hjson("[1e400]").substr(0, 20), "error: OverflowError");
}

TEST(HjsonReader, MultilineStringsLoseTheirIndentation) {
  EXPECT_EQ(read_hjson("{\n  text:\n    '''\n    first\n      second\n    '''\n}"),
            R"({"text":"first\n  second"})");
  EXPECT_EQ(read_hjson("{\n  a: '''one line'''\n}"), R"({"a":"one line"})");
}

TEST(HjsonReader, ASingleQuoteStartsNoStringInHjsonPy) {
  EXPECT_EQ(read_hjson("{\n  a: 'cpu'\n}"), R"({"a":"'cpu'"})");
}

TEST(HjsonReader, RootBracesAreOptionalOnSeveralLines) {
  EXPECT_EQ(read_hjson("# a config\ntrain_batch_size: 8\nzero_optimization: {stage: 2}\n"),
            R"({"train_batch_size":8,"zero_optimization":{"stage":2}})");
  // One line without braces is a single value: here a quoteless string.
  EXPECT_EQ(read_hjson("a: 1"), R"("a: 1")");
}

TEST(HjsonReader, AByteOrderMarkIsSkipped) { EXPECT_EQ(read_hjson("\xef\xbb\xbf{\"a\": 1}"), R"({"a":1})"); }

TEST(HjsonReader, DuplicateKeysAreDeepSpeedsValueError) {
  auto v = parse_hjson("{\n  a: 1\n  z: {b: 1, b: 2, c: 3, c: 4}\n}");
  ASSERT_FALSE(v.has_value());
  EXPECT_EQ(v.error().kind, HjsonError::Kind::duplicate_keys);
  EXPECT_EQ(v.error().where.reason, "ValueError: Duplicate keys in DeepSpeed config: ['b', 'c']");
  EXPECT_EQ(v.error().where.offset, 21u);  // the first repetition
  EXPECT_EQ(read_hjson(R"({"it's": 1, "it's": 2})"),
            R"(error: ValueError: Duplicate keys in DeepSpeed config: ["it's"] @12)");
  // Beyond ASCII as Python prints it: a printable letter as it is, a no-break space escaped.
  EXPECT_EQ(read_hjson("{\"\u00e9\u00a0\": 1, \"\u00e9\u00a0\": 2}"),
            "error: ValueError: Duplicate keys in DeepSpeed config: ['\u00e9\\xa0'] @12");
}

TEST(HjsonReader, SyntaxErrorsSayWhere) {
  EXPECT_EQ(read_hjson("{\n  a b: 1\n}"), "error: Found whitespace in your key name (use quotes to include) @5");
  EXPECT_EQ(read_hjson("{\n  a: 1\n"), "error: Bad key name (eof) @9");
  EXPECT_EQ(read_hjson("{a: 1} x"), "error: Extra data @7");
  EXPECT_EQ(read_hjson("[1, 2"), "error: Expecting value @5");
  EXPECT_EQ(read_hjson("{\n  a: 1 /* open\n}"), "error: Unterminated /* comment @9");
  EXPECT_EQ(read_hjson("{\n  \"a: 1\n}"), "error: invalid control character in string @9");
  EXPECT_EQ(read_hjson("\"abc"), "error: unterminated string @4");
  EXPECT_EQ(read_hjson("{\n  a: '''open\n}"), "error: Bad multiline string @7");
  EXPECT_NE(read_hjson("{\n  a: 1\n  ]: 2\n}").find("Found ']' where a key name was expected"), std::string::npos);
  EXPECT_EQ(read_hjson(std::string(600, '[')).substr(0, 25), "error: Nesting too deep (");
}

TEST(HjsonReader, UniversalNewlines) {
  EXPECT_EQ(universal_newlines("a\r\nb\rc\n"), "a\nb\nc\n");
  EXPECT_EQ(read_hjson(universal_newlines("{\r\n  a: x\r\n}")), R"({"a":"x"})");
}

}  // namespace
}  // namespace zfcheck
