// Tests of result serialisation (harness/result_json): key order, nulls, big ints, invalid cases.
#include "harness/io/result_json.hpp"

#include "reference/py_json.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

std::string eval_line(std::string_view line, std::string_view profile = "pr-8456") {
  std::string out;
  write_result(out, evaluate(*parse_case(line), *find_profile(profile)));
  EXPECT_EQ(py::to_json(result_to_value(evaluate(*parse_case(line), *find_profile(profile)))), out);
  return out;
}

TEST(ResultJson, KeysFollowTheFormatTable) {
  std::string out = eval_line(R"({"id":"r","zenflow":{"select_strategy":"step","select_interval":10}})");
  EXPECT_EQ(out,
            R"({"id":"r","profile":"pr-8456","outcome":"ok","error":null,)"
            R"("config":{"topk_ratio":0.1,"select_strategy":"step","select_interval":10,"update_interval":"auto",)"
            R"("overlap_step":false,"offload":false,"auto_ratio":0.99,"full_warm_up_rounds":0,)"
            R"("pt_reserved_cores_perc":0.5,"steps_per_epoch":null},)"
            R"("resolved":{"select_strategy":"step","select_interval":10,"update_interval":0,"auto_update":true,)"
            R"("steps_per_epoch":null,"full_warm_up_rounds":0},)"
            R"("engine":{"select_interval":10,"update_interval":0,"auto_update":true},)"
            R"("zenflow_enabled":true,"warnings":[],"selections":[0,10,20,30],"selection_count":4})");
}

TEST(ResultJson, ErrorsCarryTypeFieldAndMessage) {
  std::string out = eval_line(R"({"zenflow":{"topk_ratio":2}})");
  EXPECT_NE(out.find(R"("outcome":"config_error","error":{"type":"ValidationError","field":"topk_ratio",)"),
            std::string::npos);
  EXPECT_NE(out.find(R"("config":null,"resolved":null,"engine":null,"zenflow_enabled":false)"), std::string::npos);
}

TEST(ResultJson, HugeIntegersAreWrittenExactly) {
  std::string out = eval_line(R"({"zenflow":{"select_strategy":"step","select_interval":1180591620717411303424}})");
  EXPECT_NE(out.find(R"("select_interval":1180591620717411303424)"), std::string::npos);
}

TEST(ResultJson, BatchValuesReadBackAsWrittenBoolsIncluded) {
  // A bool batch value given and kept is written as upstream's is, and reads back (an upstream line holding
  // one is no UnrepresentableResult).
  const std::string out =
      eval_line(R"({"deepspeed_config":{"train_batch_size":true,"zero_optimization":{"stage":0}}})");
  EXPECT_NE(out.find(R"("deepspeed":{"train_batch_size":true,"train_micro_batch_size_per_gpu":1,)"),
            std::string::npos);
  auto back = result_from_value(py::parse_json(out).value());
  ASSERT_TRUE(back.has_value()) << back.error();
  std::string again;
  write_result(again, *back);
  EXPECT_EQ(again, out);
}

TEST(ResultJson, WarningsAreIdentifiedByStableIds) {
  std::string out = eval_line(R"({"zenflow":{}})");
  EXPECT_NE(out.find(R"("warnings":["select-interval-never-repeats: )"), std::string::npos);
}

TEST(ResultJson, InvalidCaseNamesLineFieldAndReason) {
  std::string out;
  write_result(out, invalid_case_result(CaseError{py::Str{"c"}, "stage", "stage must be 1, 2 or 3"}, 7, "pr-8456"));
  EXPECT_EQ(out,
            R"({"id":"c","profile":"pr-8456","outcome":"invalid_case","error":{"type":"CaseError","field":"stage",)"
            R"("message":"line 7: stage must be 1, 2 or 3"},"config":null,"resolved":null,"engine":null,)"
            R"("zenflow_enabled":false,"warnings":[],"selections":[],"selection_count":0})");
}

}  // namespace
}  // namespace zfcheck
