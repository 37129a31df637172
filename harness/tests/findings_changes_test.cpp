// Comparing recorded findings with a sweep: agreement, and each kind of departure named.
#include "harness/reports/findings_changes.hpp"
#include "reference/py_json.hpp"
#include "test_support.hpp"

namespace zfcheck {
namespace {

SweepReport small_report() {
  GridBlock b{"probe", {}, {}, {std::nullopt, 0}, {2}};
  b.axes.push_back(EntryAxis{{std::nullopt, py::Dict::Entry{py::Str{"steps_per_epoch"}, -5}}});
  return sweep(SweepGrid({b}), testing::model("pr-8456-4ffc94ea"));
}

py::Value recorded(const SweepReport& r) { return *py::parse_json(sweep_report_json(r)); }

bool mentions(const std::vector<std::string>& lines, std::string_view what) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(what) != std::string::npos; });
}

TEST(ExpectedFindings, aSweepAgreesWithItsOwnRecord) {
  SweepReport r = small_report();
  ASSERT_FALSE(r.findings.empty());
  EXPECT_TRUE(findings_differences(recorded(r), r).empty());
}

TEST(ExpectedFindings, namesNewVanishedAndChangedFindings) {
  SweepReport r = small_report();
  py::Value file = recorded(r);
  SweepReport more = r;
  more.findings.push_back(Finding{"warnings-do-not-abort", 1, testing::case_of(R"({"zenflow":{}})"), {}, {}});
  EXPECT_TRUE(mentions(findings_differences(file, more), "new finding warnings-do-not-abort"));

  SweepReport fewer = r;
  std::string dropped = fewer.findings.front().invariant;
  fewer.findings.erase(fewer.findings.begin());
  EXPECT_TRUE(mentions(findings_differences(file, fewer), "vanished finding " + dropped));

  SweepReport other_example = r;
  other_example.findings.front().example = testing::case_of(R"({"zenflow":{"steps_per_epoch":-6}})");
  auto diffs = findings_differences(file, other_example);
  ASSERT_EQ(diffs.size(), 1u);
  EXPECT_TRUE(mentions(diffs, "changed finding " + r.findings.front().invariant));
  EXPECT_TRUE(mentions(diffs, "-6"));

  SweepReport other_count = r;
  other_count.findings.back().count += 1;
  EXPECT_TRUE(mentions(findings_differences(file, other_count), "changed finding"));
}

TEST(ExpectedFindings, namesNewVanishedAndChangedCausesOfAFindingKept) {
  SweepReport r = small_report();
  ASSERT_FALSE(r.findings.empty());
  py::Value file = recorded(r);
  const Finding& f = r.findings.front();
  ASSERT_FALSE(f.causes.empty());

  SweepReport more = r;
  more.findings.front().causes.push_back(CauseGroup{"planted cause", 2, f.example, f.result});
  auto diffs = findings_differences(file, more);
  ASSERT_EQ(diffs.size(), 1u);
  EXPECT_TRUE(diffs.front().starts_with("new cause of " + f.invariant + ": planted cause (2 cases;"))
      << diffs.front();

  SweepReport fewer = r;
  fewer.findings.front().causes.pop_back();
  EXPECT_TRUE(mentions(findings_differences(file, fewer),
                       "vanished cause of " + f.invariant + ": " + f.causes.back().cause));

  SweepReport recounted = r;
  recounted.findings.front().causes.front().count += 1;
  diffs = findings_differences(file, recounted);
  ASSERT_EQ(diffs.size(), 1u);
  EXPECT_TRUE(
      mentions(diffs, "changed cause of " + f.invariant + ": " + f.causes.front().cause + "\n    count"))
      << diffs.front();
}

TEST(ExpectedFindings, namesNewVanishedAndChangedTopkFindings) {
  SweepReport r = small_report();
  ASSERT_TRUE(r.topk && r.topk->findings.size() >= 2);
  py::Value file = recorded(r);

  SweepReport fewer = r;
  std::string dropped = fewer.topk->findings.back().invariant;
  fewer.topk->findings.pop_back();
  auto diffs = findings_differences(file, fewer);
  ASSERT_EQ(diffs.size(), 1u);
  EXPECT_TRUE(diffs.front().starts_with("vanished top-k finding " + dropped + ": ")) << diffs.front();

  SweepReport recounted = r;
  recounted.topk->findings.front().count += 1;
  diffs = findings_differences(file, recounted);
  ASSERT_EQ(diffs.size(), 1u);
  EXPECT_TRUE(diffs.front().starts_with("changed top-k finding " + r.topk->findings.front().invariant +
                                        ":\n    count"))
      << diffs.front();

  // A record from before the top-k sweep: every top-k finding is new, and so is the grid.
  SweepReport config_only = r;
  config_only.topk.reset();
  diffs = findings_differences(recorded(config_only), r);
  EXPECT_EQ(diffs.size(), r.topk->findings.size() + 1);
  EXPECT_TRUE(mentions(diffs, "topk_problems: recorded none, swept 8235"));
  EXPECT_TRUE(mentions(diffs, "new top-k finding topk-scores-own-columns: "));
  // An engine without selection rules (upstream's) is not held to them.
  EXPECT_TRUE(findings_differences(file, config_only).empty());
}

TEST(ExpectedFindings, namesAGridOrProfileChangeAndRejectsAMalformedRecord) {
  SweepReport r = small_report();
  py::Value file = recorded(r);
  SweepReport bigger = r;
  bigger.cases += 1;
  EXPECT_TRUE(mentions(findings_differences(file, bigger), "the grid changed"));
  SweepReport renamed = r;
  renamed.profile = "pr-8456";
  EXPECT_TRUE(mentions(findings_differences(file, renamed), "profile: recorded pr-8456-4ffc94ea"));
  for (const char* bad : {"[]", "{}", R"({"profile":"p","cases":1,"findings":{}})"}) {
    EXPECT_TRUE(mentions(findings_differences(*py::parse_json(bad), r), "not a sweep report")) << bad;
  }
  EXPECT_TRUE(mentions(
      findings_differences(*py::parse_json(R"({"profile":"pr-8456-4ffc94ea","cases":4,"findings":[7]})"), r),
      "no invariant name"));
}

}  // namespace
}  // namespace zfcheck
