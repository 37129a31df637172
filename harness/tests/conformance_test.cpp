// Conformance's comparison of a model result with upstream's, and its grouped report.
#include "harness/io/result_json.hpp"
#include "harness/upstream/conformance.hpp"
#include "reference/py_json.hpp"
#include "test_support.hpp"

namespace zfcheck {
namespace {

using testing::json;

py::Value model_result(std::string_view profile, std::string_view case_json) {
  return result_to_value(testing::eval(profile, case_json));
}

std::vector<std::string> fields(const std::vector<FieldDifference>& differences) {
  std::vector<std::string> out;
  for (const auto& d : differences) out.push_back(d.field);
  return out;
}

TEST(Conformance, aResultAgreesWithItsOwnEvalLineButNotWithAnotherProfilesResult) {
  const char* c = R"({"zenflow":{"update_interval":0},"dataloader_len":10})";
  py::Value master = model_result("deepspeed-edaa722", c);
  EXPECT_TRUE(compare_results(master, *py::parse_json(py::to_json(master))).empty());
  auto differences = compare_results(master, model_result("deepspeed-8274", c));
  ASSERT_FALSE(differences.empty());
  EXPECT_EQ(differences.front().field, "outcome");
  EXPECT_EQ(differences.front().left, py::Value("ok"));
  EXPECT_EQ(differences.front().right, py::Value("config_error"));
}

TEST(Conformance, namesEachDifferingKeyOfConfigResolvedEngineAndError) {
  py::Value model = json(R"({"outcome":"ok","config":{"topk_ratio":0.1,"offload":false},"resolved":{"a":1},
                             "engine":{"b":2},"error":null,"zenflow_enabled":true,"warnings":[],"selections":[1],
                             "selection_count":1})");
  py::Value upstream = json(R"({"outcome":"ok","config":{"topk_ratio":0.2,"offload":false,"extra":1},
                                "resolved":{"a":1},"engine":{"b":3},"error":null,"zenflow_enabled":true,
                                "warnings":[],"selections":[1],"selection_count":1})");
  EXPECT_EQ(fields(compare_results(model, upstream)),
            (std::vector<std::string>{"config.topk_ratio", "config.extra", "engine.b"}));
}

TEST(Conformance, comparesWarningsByWhatTheySayNotByTheirWords) {
  Result r = testing::eval("pr-8456", R"({"zenflow":{}})");
  ASSERT_EQ(r.warnings.size(), 2u);
  py::Value model = result_to_value(r);
  py::Value reworded = json(
      R"({"outcome":"ok","zenflow_enabled":true,"warnings":["ZenFlow: no epoch length, so the columns are picked once.",)"
      R"("Columns will not be re-selected."]})");
  auto differences = compare_results(model, reworded);
  for (const auto& d : differences) EXPECT_NE(d.field, "warnings");
  auto other = compare_results(model, json(R"({"warnings":["ZenFlow: offload is slow", "x"]})"));
  ASSERT_TRUE(std::any_of(other.begin(), other.end(), [](const auto& d) { return d.field == "warnings"; }));
  auto fewer = compare_results(model, json(R"({"warnings":["columns are selected once"]})"));
  EXPECT_TRUE(std::any_of(fewer.begin(), fewer.end(), [](const auto& d) { return d.field == "warnings"; }));
}

TEST(Conformance, aMissingKeyReadsAsNullAndIdAndProfileAreNotCompared) {
  EXPECT_TRUE(compare_results(json(R"({"id":"1","profile":"a","error":null})"), json(R"({"id":"2"})")).empty());
  EXPECT_EQ(fields(compare_results(json(R"({"selections":[]})"), json("{}"))),
            (std::vector<std::string>{"selections"}));
  EXPECT_EQ(fields(compare_results(json(R"({"error":{"type":"TypeError"}})"), json(R"({"error":null})"))),
            (std::vector<std::string>{"error"}));
}

TEST(Conformance, summaryGroupsByFieldAndKeepsTheSimplestCase) {
  DisagreementSummary summary;
  FieldDifference outcome{"outcome", py::Value("ok"), py::Value("config_error")};
  Case bigger = testing::case_of(R"({"zenflow":{"update_interval":0,"select_interval":1}})");
  Case simpler = testing::case_of(R"({"zenflow":{"update_interval":0}})");
  summary.add(bigger, {outcome});
  summary.count_case(false);
  summary.add(simpler, {outcome});
  summary.count_case(false);
  summary.count_case(true);
  ASSERT_EQ(summary.groups().size(), 1u);
  EXPECT_EQ(summary.groups().at("outcome").count, 2u);
  EXPECT_EQ(summary.groups().at("outcome").example, simpler);
  std::string report = summary.render("zfcheck conformance --cases -");
  EXPECT_NE(report.find("  outcome: 2 cases\n    smallest case: {\"zenflow\":{\"update_interval\":0}}\n"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("    model:    \"ok\"\n    upstream: \"config_error\"\n"), std::string::npos) << report;
  EXPECT_NE(report.find("agreement: 1/3 cases\n"), std::string::npos) << report;
}

}  // namespace
}  // namespace zfcheck
