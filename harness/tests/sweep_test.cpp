// The sweep: counting and minimal examples on a small grid, the JSON layout, and the known findings
// the issue names, asserted per profile with their minimal counterexamples.
#include "harness/checks/sweep.hpp"
#include "harness/checks/invariants.hpp"
#include "harness/checks/minimal_order.hpp"
#include "reference/py_json.hpp"
#include "test_support.hpp"

namespace zfcheck {
namespace {

using testing::case_of;
using testing::finding;
using testing::swept;

// The named invariant is a finding of the profile, with exactly this minimal counterexample.
void expect_finding(const std::string& profile, std::string_view invariant, std::string_view example) {
  const Finding* f = finding(swept(profile), invariant);
  ASSERT_NE(f, nullptr) << profile << " should break " << invariant;
  EXPECT_EQ(canonical_text(f->example), canonical_text(case_of(example))) << profile << " " << invariant;
  EXPECT_GT(f->count, 0u);
  EXPECT_EQ(f->result, evaluate(f->example, testing::profile(profile)));
}

void expect_no_finding(const std::string& profile, std::string_view invariant) {
  EXPECT_EQ(finding(swept(profile), invariant), nullptr) << profile << " should keep " << invariant;
}

// The case is in the grid's domain and breaks the invariant under the profile.
void expect_breaks(const std::string& profile, std::string_view invariant, std::string_view json) {
  Case c = case_of(json);
  auto names = violations(c, evaluate(c, testing::profile(profile)));
  EXPECT_NE(std::find(names.begin(), names.end(), invariant), names.end()) << profile << " " << json;
}

TEST(Sweep, countsEveryBreakingCaseAndKeepsTheSimplest) {
  GridBlock b{"probe", {}, {}, {std::nullopt}, {2}};
  b.axes.push_back(EntryAxis{{py::Dict::Entry{py::Str{"steps_per_epoch"}, -5},
                              py::Dict::Entry{py::Str{"steps_per_epoch"}, -1},
                              py::Dict::Entry{py::Str{"steps_per_epoch"}, 10}, std::nullopt}});
  SweepGrid grid({b});
  SweepReport r = sweep(grid, testing::model("deepspeed-8274"));
  EXPECT_EQ(r.profile, "deepspeed-8274");
  EXPECT_EQ(r.cases, 4u);
  const Finding* negative = finding(r, "interval-not-negative");
  ASSERT_NE(negative, nullptr);
  EXPECT_EQ(negative->count, 2u);
  EXPECT_EQ(negative->example, case_of(R"({"zenflow":{"steps_per_epoch":-1}})"));
  const Finding* silent = finding(r, "reselects-or-warns");
  ASSERT_NE(silent, nullptr);
  EXPECT_EQ(silent->count, 1u);
  EXPECT_EQ(silent->example, case_of(R"({"zenflow":{}})"));
  EXPECT_EQ(finding(r, "warnings-do-not-abort"), nullptr);
  for (std::size_t i = 1; i < r.findings.size(); ++i) {  // registry order
    auto at = [&](std::size_t k) { return find_invariant(r.findings[k].invariant) - invariants().data(); };
    EXPECT_LT(at(i - 1), at(i));
  }
}

TEST(Sweep, jsonHasProfileCasesAndOneFindingPerLine) {
  const SweepReport& r = swept("pr-8456");
  ASSERT_TRUE(r.topk);
  std::string text = sweep_report_json(r);
  EXPECT_EQ(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')),
            r.findings.size() + r.topk->findings.size() + 3);
  auto doc = py::parse_json(text);
  ASSERT_TRUE(doc);
  const py::Dict& d = *doc->as<py::Dict>();
  EXPECT_EQ(*d.find("profile"), py::Value("pr-8456"));
  EXPECT_EQ(*d.find("cases"), py::Value(py::Int(SweepGrid::builtin().size())));
  const py::List& findings = *d.find("findings")->as<py::List>();
  ASSERT_EQ(findings.size(), r.findings.size());
  for (std::size_t i = 0; i < findings.size(); ++i) EXPECT_EQ(findings[i], finding_to_value(r.findings[i]));
  EXPECT_EQ(*d.find("topk_problems"), py::Value(py::Int(r.topk->problems)));
  const py::List& topk = *d.find("topk_findings")->as<py::List>();
  ASSERT_EQ(topk.size(), r.topk->findings.size());
  for (std::size_t i = 0; i < topk.size(); ++i)
    EXPECT_EQ(topk[i], *py::parse_json(topk_finding_json(r.topk->findings[i], "pr-8456").dump()));
  EXPECT_EQ(sweep_report_json(SweepReport{"p", 0, {}}), "{\"profile\":\"p\",\"cases\":0,\"findings\":[]}\n");
  EXPECT_EQ(sweep_report_json(SweepReport{"p", 0, {}, TopkSweep{3, {}}}),
            "{\"profile\":\"p\",\"cases\":0,\"findings\":[],\"topk_problems\":3,\"topk_findings\":[]}\n");
}

TEST(KnownFindings, deepspeed8274) {
  expect_finding("deepspeed-8274", "reselects-or-warns", R"({"zenflow":{}})");
  expect_finding("deepspeed-8274", "warnings-do-not-abort", R"({"zenflow":{"select_interval":0}})");
  expect_breaks("deepspeed-8274", "warnings-do-not-abort",
                R"({"zenflow":{"select_strategy":"auto","select_interval":5}})");
  expect_finding("deepspeed-8274", "interval-not-negative", R"({"zenflow":{"steps_per_epoch":-1}})");
  expect_breaks("deepspeed-8274", "interval-not-negative", R"({"zenflow":{"steps_per_epoch":-5}})");
  expect_finding("deepspeed-8274", "engine-and-optimizer-agree", R"({"zenflow":{"steps_per_epoch":1}})");
  expect_breaks("deepspeed-8274", "engine-and-optimizer-agree", R"({"zenflow":{"steps_per_epoch":10}})");
}

TEST(KnownFindings, pr8456FirstRevisionHasTheTwoHolesTheReviewerFound) {
  expect_finding("pr-8456-4ffc94ea", "reselects-or-warns", R"({"zenflow":{"steps_per_epoch":0}})");
  expect_breaks("pr-8456-4ffc94ea", "reselects-or-warns", R"({"zenflow":{},"dataloader_len":0})");
  expect_finding("pr-8456-4ffc94ea", "interval-not-negative", R"({"zenflow":{"steps_per_epoch":-1}})");
  expect_breaks("pr-8456-4ffc94ea", "interval-not-negative", R"({"zenflow":{"steps_per_epoch":-5}})");
  expect_no_finding("pr-8456-4ffc94ea", "warnings-do-not-abort");
  expect_no_finding("pr-8456-4ffc94ea", "engine-and-optimizer-agree");
}

TEST(KnownFindings, pr8456FinalClosesThemButStillBreaksThroughStepAndWarmUp) {
  // Nothing through steps_per_epoch or the dataloader any more...
  for (const char* json : {R"({"zenflow":{"steps_per_epoch":0}})", R"({"zenflow":{"steps_per_epoch":-5}})",
                           R"({"zenflow":{},"dataloader_len":0})", R"({"zenflow":{}})"}) {
    Case c = case_of(json);
    auto names = violations(c, evaluate(c, testing::profile("pr-8456")));
    for (std::string_view inv :
         {"reselects-or-warns", "interval-not-negative", "engine-and-optimizer-agree"}) {
      EXPECT_EQ(std::find(names.begin(), names.end(), inv), names.end()) << json << " " << inv;
    }
  }
  expect_no_finding("pr-8456", "engine-and-optimizer-agree");
  expect_no_finding("pr-8456", "epoch-means-epochs");
  expect_no_finding("pr-8456", "warnings-do-not-abort");
  // ...but the new findings about the final PR:
  expect_finding("pr-8456", "reselects-or-warns",
                 R"({"zenflow":{"select_strategy":"step","select_interval":0}})");
  expect_finding("pr-8456", "interval-not-negative",
                 R"({"zenflow":{"select_strategy":"step","select_interval":-1}})");
  expect_breaks("pr-8456", "interval-not-negative", R"({"zenflow":{"select_strategy":"step","select_interval":-5}})");
  expect_finding("pr-8456", "selects-at-least-once", R"({"zenflow":{"full_warm_up_rounds":-1}})");
  expect_finding("pr-8456", "setup-never-raises", R"({"zenflow":{"offload":true}})");
  expect_breaks(
      "pr-8456", "setup-never-raises",
      R"({"zenflow":{"select_strategy":"epoch","select_interval":1,"update_interval":4},"dataloader_len":3})");
  expect_breaks("pr-8456", "setup-never-raises", R"({"zenflow":{"select_strategy":"step"}})");
}

TEST(KnownFindings, everyProfileKeepsTheDefaultsGradientScaleBroken) {
  for (const std::string& p : testing::builtin_profile_names()) {
    expect_finding(p, "gradient-accumulation-positive", R"({"zenflow":{}})");
    expect_finding(p, "warm-up-not-negative", R"({"zenflow":{"full_warm_up_rounds":-1}})");
  }
}

}  // namespace
}  // namespace zfcheck
