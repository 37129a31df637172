// Tests of case lines (harness/case_io): defaults, every key's wrong type and range, round trip.
#include "harness/io/case_io.hpp"

#include "reference/py_json.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

std::string rejection(std::string_view line) {
  auto c = parse_case(line);
  return c ? "ok" : c.error().field.value_or("-") + ": " + c.error().reason;
}

TEST(CaseIo, DefaultsAreStage2FortyMicroStepsNoDataloader) {
  auto c = parse_case(R"({"zenflow":{}})");
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->stage, 2);
  EXPECT_EQ(c->micro_steps, 40);
  EXPECT_FALSE(c->dataloader_len.has_value());
  EXPECT_FALSE(c->id.has_value());
  EXPECT_FALSE(parse_case(R"({"zenflow":{},"dataloader_len":null})")->dataloader_len.has_value());
}

TEST(CaseIo, EveryKeyIsRead) {
  auto c = parse_case(
      R"({"id":"x","zenflow":{"a":1},"stage":3,"micro_steps":7,"dataloader_len":0,"overlap_comm":false})");
  ASSERT_TRUE(c.has_value());
  EXPECT_EQ(c->id, py::Str{"x"});
  EXPECT_EQ(py::to_json(c->zenflow), R"({"a":1})");
  EXPECT_EQ(c->overlap_comm, false);
  EXPECT_EQ(c->stage, 3);
  EXPECT_EQ(c->micro_steps, 7);
  EXPECT_EQ(c->dataloader_len, 0);
}

TEST(CaseIo, AnyJsonValueIsALegalZenflowBlock) {
  for (std::string_view block : {"null", "5", R"("auto")", "[1]", "NaN", "1180591620717411303424"}) {
    EXPECT_TRUE(parse_case(std::string(R"({"zenflow":)") + std::string(block) + "}").has_value()) << block;
  }
}

TEST(CaseIo, MalformedLinesNameTheReason) {
  EXPECT_EQ(rejection(""), "-: not JSON: expecting a value at column 1");
  EXPECT_EQ(rejection(R"({"zenflow":{})"), "-: not JSON: expecting ',' delimiter at column 14");
  EXPECT_EQ(rejection("{\n  \"zenflow\": {}\n  \"stage\": 3}"),
            "-: not JSON: expecting ',' delimiter at line 3, column 3");
  EXPECT_EQ(parse_case(R"({"zenflow":{})").error().json_offset, 13u);
  EXPECT_EQ(rejection("[1]"), "-: a case must be a JSON object");
  EXPECT_EQ(rejection("{}"), "zenflow: the case has no zenflow key");
  EXPECT_EQ(rejection(R"({"id":1,"zenflow":{}})"), "id: id must be a string");
}

TEST(CaseIo, WrongTypesAndRangesForEveryCaseKey) {
  for (std::string_view stage : {"0", "4", "2.0", "true", R"("2")", "null", "-1", "99999999999999999999999"}) {
    EXPECT_EQ(rejection(std::string(R"({"zenflow":{},"stage":)") + std::string(stage) + "}"),
              "stage: stage must be 1, 2 or 3")
        << stage;
  }
  for (std::string_view steps : {"-1", "1000001", "40.0", "false", "null", R"("40")", "[]"}) {
    EXPECT_EQ(rejection(std::string(R"({"zenflow":{},"micro_steps":)") + std::string(steps) + "}").substr(0, 13),
              "micro_steps: ")
        << steps;
  }
  for (std::string_view len : {"-1", "9223372036854775808", "10.0", "true", R"("10")", "{}"}) {
    EXPECT_EQ(rejection(std::string(R"({"zenflow":{},"dataloader_len":)") + std::string(len) + "}").substr(0, 16),
              "dataloader_len: ")
        << len;
  }
}

TEST(CaseIo, OverlapCommIsOptionalAndNullMeansTheDefault) {
  EXPECT_FALSE(parse_case(R"({"zenflow":{}})")->overlap_comm.has_value());
  EXPECT_FALSE(parse_case(R"({"zenflow":{},"overlap_comm":null})")->overlap_comm.has_value());
  EXPECT_EQ(parse_case(R"({"zenflow":{},"overlap_comm":true})")->overlap_comm, true);
  EXPECT_EQ(parse_case(R"({"zenflow":{},"overlap_comm":false})")->overlap_comm, false);
  for (std::string_view v : {"1", "0", R"("true")", "[]"}) {
    EXPECT_EQ(rejection(std::string(R"({"zenflow":{},"overlap_comm":)") + std::string(v) + "}"),
              "overlap_comm: overlap_comm must be true, false or null")
        << v;
  }
}

TEST(CaseIo, OverlapCommIsWrittenOnlyWhenGivenEvenInFull) {
  EXPECT_EQ(py::to_json(case_to_value(*parse_case(R"({"zenflow":{}})"), true)),
            R"({"zenflow":{},"dataloader_len":null,"stage":2,"micro_steps":40})");
  EXPECT_EQ(py::to_json(case_to_value(*parse_case(R"({"zenflow":{},"overlap_comm":false})"))),
            R"({"zenflow":{},"overlap_comm":false})");
}

TEST(CaseIo, RejectedLinesStillEchoTheirId) {
  auto c = parse_case(R"({"id":"q","zenflow":{},"stage":9})");
  ASSERT_FALSE(c.has_value());
  EXPECT_EQ(c.error().id, py::Str{"q"});
}

TEST(CaseIo, UnknownCaseKeysAreIgnoredForForwardCompatibility) {
  EXPECT_TRUE(parse_case(R"({"zenflow":{},"expect":{"outcome":"ok"}})").has_value());
}

TEST(CaseIo, CaseToValueRoundTrips) {
  for (std::string_view line : {R"({"zenflow":{"steps_per_epoch":1180591620717411303424}})",
                                R"({"id":"a","zenflow":null,"dataloader_len":0,"stage":3,"micro_steps":0})",
                                R"({"zenflow":{},"stage":1,"overlap_comm":true})"}) {
    auto c = parse_case(line);
    ASSERT_TRUE(c.has_value());
    EXPECT_EQ(case_line(*c), line);
    EXPECT_EQ(*parse_case(py::to_json(case_to_value(*c, true))), *c);
  }
}

}  // namespace
}  // namespace zfcheck
