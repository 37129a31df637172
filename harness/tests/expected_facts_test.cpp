// Expectations: taken from results, read back with every field checked, compared field by field.
#include "harness/corpus/expected_facts.hpp"
#include "reference/py_json.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

ExpectedFacts of(std::string_view profile, std::string_view case_json) {
  return expectation_of(testing::case_of(case_json), testing::eval(profile, case_json));
}

std::string error_of(std::string_view text) {
  auto e = expectation_from_value(*py::parse_json(text), "expect.p");
  EXPECT_FALSE(e.has_value()) << text;
  return e ? "" : e.error().field + ": " + e.error().reason;
}

TEST(ExpectedFacts, takesTheFactsAReviewerJudgesFromAResult) {
  ExpectedFacts e = of("pr-8456-4ffc94ea", R"({"zenflow":{"steps_per_epoch":-5}})");
  EXPECT_EQ(e.outcome, "ok");
  EXPECT_EQ(e.error_type, std::nullopt);
  EXPECT_EQ(e.select_interval, py::Int(-5));
  EXPECT_EQ(e.selection_count, 8);
  EXPECT_TRUE(e.warnings.empty());
  EXPECT_EQ(e.violations,
            (std::vector<std::string>{"interval-not-negative", "gradient-accumulation-positive"}));

  ExpectedFacts rejected = of("pr-8456", R"({"zenflow":{"steps_per_epoch":0}})");
  EXPECT_EQ(rejected.outcome, "config_error");
  EXPECT_EQ(rejected.error_type, "ValidationError");
  EXPECT_EQ(rejected.select_interval, std::nullopt);

  ExpectedFacts warned = of("pr-8456", R"({"zenflow":{}})");
  EXPECT_EQ(warned.warnings,
            (std::vector<std::string>{"select-interval-never-repeats", "select-interval-never-repeats"}));
}

TEST(ExpectedFacts, readsBackWhatItWrites) {
  ExpectedFacts e = of(
      "deepspeed-edaa722",
      R"({"zenflow":{"select_strategy":"epoch","select_interval":1180591620717411303424},"dataloader_len":10})");
  auto back = expectation_from_value(expectation_to_value(e), "expect.p");
  ASSERT_TRUE(back) << back.error().reason;
  EXPECT_EQ(*back, e);
  EXPECT_EQ(
      py::to_json(expectation_to_value(e)),
      R"({"outcome":"ok","error_type":null,"select_interval":11805916207174113034240,"selection_count":1,)"
      R"("warnings":[],"violations":["gradient-accumulation-positive"]})");

  // DeepSpeedConfig's own warnings are kept in upstream's words.
  ExpectedFacts deprecated = of("deepspeed-edaa722", R"({"deepspeed_config":{"train_batch_size":8,
      "zero_optimization":{"stage":2,"cpu_offload":true}},"world_size":1})");
  EXPECT_EQ(deprecated.warnings,
            std::vector<std::string>{"Config parameter cpu_offload is deprecated use offload_optimizer instead"});
  auto read = expectation_from_value(expectation_to_value(deprecated), "expect.p");
  ASSERT_TRUE(read) << read.error().reason;
  EXPECT_EQ(*read, deprecated);
}

TEST(ExpectedFacts, putsViolationsInRegistryOrder) {
  auto e = expectation_from_value(
      *py::parse_json(
          R"({"outcome":"ok","error_type":null,"select_interval":0,"selection_count":1,"warnings":[],)"
          R"("violations":["gradient-accumulation-positive","reselects-or-warns"]})"),
      "p");
  ASSERT_TRUE(e);
  EXPECT_EQ(e->violations,
            (std::vector<std::string>{"reselects-or-warns", "gradient-accumulation-positive"}));
}

TEST(ExpectedFacts, namesTheFieldOfEveryMalformedValue) {
  const std::string rest =
      R"("error_type":null,"select_interval":0,"selection_count":1,"warnings":[],"violations":[]})";
  EXPECT_EQ(error_of(R"({"outcome":"fine",)" + rest),
            "expect.p.outcome: must be one of ok, config_error, init_error, step_error, unmodelled, not fine");
  EXPECT_EQ(error_of(R"({"outcome":"ok","extra":1,)" + rest).substr(0, 28), "expect.p.extra: unknown key ");
  EXPECT_EQ(
      error_of(R"({"outcome":"ok","error_type":null,"select_interval":0,"warnings":[],"violations":[]})"),
      "expect.p.selection_count: missing");
  EXPECT_EQ(
      error_of(
          R"({"outcome":"ok","error_type":null,"select_interval":"0","selection_count":1,"warnings":[],"violations":[]})"),
      "expect.p.select_interval: must be an integer or null, not str");
  EXPECT_EQ(
      error_of(
          R"({"outcome":"ok","error_type":null,"select_interval":0,"selection_count":-1,"warnings":[],"violations":[]})"),
      "expect.p.selection_count: must be an integer >= 0");
  EXPECT_EQ(
      error_of(
          R"({"outcome":"ok","error_type":null,"select_interval":0,"selection_count":1,"warnings":true,"violations":[]})"),
      "expect.p.warnings: must be a list of strings");
  EXPECT_EQ(
      error_of(
          R"({"outcome":"ok","error_type":null,"select_interval":0,"selection_count":1,"warnings":["loud"],"violations":[]})"),
      "expect.p.warnings: neither a warning id nor a warning DeepSpeedConfig logs: loud");
  EXPECT_EQ(
      error_of(
          R"({"outcome":"ok","error_type":null,"select_interval":0,"selection_count":1,"warnings":[],"violations":["nope"]})"),
      "expect.p.violations: unknown invariant nope");
  EXPECT_EQ(
      error_of(R"({"outcome":"ok","error_type":null,"select_interval":0,"selection_count":1,"warnings":[],)"
               R"("violations":["reselects-or-warns","reselects-or-warns"]})"),
      "expect.p.violations: reselects-or-warns is listed twice");
}

TEST(ExpectedFacts, differencesNameEachChangedFieldWithBothValues) {
  ExpectedFacts expected = of("pr-8456", R"({"zenflow":{"select_strategy":"step","select_interval":10}})");
  ExpectedFacts actual = expected;
  EXPECT_TRUE(differences(expected, actual).empty());
  actual.selection_count = 5;
  actual.warnings = {"select-interval-never-repeats"};
  auto d = differences(expected, actual);
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].field, "selection_count");
  EXPECT_EQ(d[0].expected, "4");
  EXPECT_EQ(d[0].actual, "5");
  EXPECT_EQ(d[1].field, "warnings");
  EXPECT_EQ(d[1].expected, "[]");
  EXPECT_EQ(d[1].actual, R"(["select-interval-never-repeats"])");
}

}  // namespace
}  // namespace zfcheck
