// The top-k sweep: upstream's expected top-k findings under every built-in profile, the 1-D shift's
// minimal problem, the rule that removes it, and a finding as corpus/findings records it.
#include "harness/checks/topk_sweep.hpp"
#include "kernels/check/topk_invariants.hpp"
#include "kernels/oracle/topk_oracle.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <algorithm>

namespace zfcheck {
namespace {

std::vector<std::string> names(const TopkSweep& sweep) {
  std::vector<std::string> out;
  for (const TopkFinding& f : sweep.findings) out.push_back(f.invariant);
  return out;
}

const TopkFinding* topk_finding(const TopkSweep& sweep, std::string_view invariant) {
  for (const TopkFinding& f : sweep.findings)
    if (f.invariant == invariant) return &f;
  return nullptr;
}

TEST(TopkSweep, EveryBuiltinProfileBreaksExactlyUpstreamsExpectedTopkFindings) {
  std::vector<std::string> expected(kUpstreamTopkFindings.begin(), kUpstreamTopkFindings.end());
  for (const Profile& profile : builtin_profiles()) {
    TopkSweep sweep = sweep_topk(profile.switches);
    std::vector<std::string> found = names(sweep);
    std::sort(found.begin(), found.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(found, expected) << profile.name;
    for (const TopkFinding& f : sweep.findings) {
      EXPECT_GT(f.count, 0u);
      EXPECT_NE(std::find(f.violations.begin(), f.violations.end(), f.invariant), f.violations.end());
    }
  }
}

// docs/zenflow.md#d39: a bias ahead of a (2, 3) weight, stage 1, one rank. The weight's own column
// scores are 37, 11, 31; upstream reads from 3 elements earlier (7, 27, 24) and keeps column 1, not 0.
TEST(TopkSweep, OneDShiftsMinimalProblemSelectsTheWrongColumn) {
  TopkSweep sweep = sweep_topk(testing::profile("pr-8456").switches);
  const TopkFinding* f = topk_finding(sweep, "topk-scores-own-columns");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->example.layout.params, (std::vector<ParamShape>{{1, 3, true}, {2, 3}}));
  EXPECT_EQ(f->example.layout.stage, 1);
  EXPECT_EQ(f->example.layout.world_size, 1);
  EXPECT_EQ(f->example.layout.topk_ratio, 0.5);
  ASSERT_EQ(f->answer.params.size(), 2u);
  ASSERT_TRUE(f->answer.params[1]);
  EXPECT_EQ(f->answer.params[1]->selected, (std::vector<std::int64_t>{1}));
  EXPECT_EQ(f->violations, (std::vector<std::string>{"topk-scores-own-columns"}));

  SelectionProblem fixed = f->example;
  fixed.layout.one_d_params_shift_offsets = false;
  auto own = oracle_answer(fixed);
  ASSERT_TRUE(own && own->params[1]);
  EXPECT_EQ(own->params[1]->selected, (std::vector<std::int64_t>{0}));
}

TEST(TopkSweep, TheShiftRuleOffRemovesOnlyItsFinding) {
  TopkSweep on = sweep_topk(testing::profile("pr-8456").switches);
  TopkSweep off = sweep_topk(testing::profile("pr-8456:one_d_params_shift_offsets=off").switches);
  EXPECT_EQ(topk_finding(off, "topk-scores-own-columns"), nullptr);
  ASSERT_EQ(off.findings.size() + 1, on.findings.size());
  for (const TopkFinding& f : off.findings) {
    const TopkFinding* same = topk_finding(on, f.invariant);
    ASSERT_NE(same, nullptr) << f.invariant;
    EXPECT_EQ(f.index, same->index) << f.invariant;
  }
}

TEST(TopkSweep, AFindingAsRecordedCarriesItsReplayCommand) {
  TopkSweep sweep = sweep_topk(testing::profile("pr-8456").switches);
  const TopkFinding* f = topk_finding(sweep, "topk-scores-own-columns");
  ASSERT_NE(f, nullptr);
  auto json = topk_finding_json(*f, "pr-8456:one_d_params_shift_offsets=on, steps_per_epoch_min_1=on");
  std::string id = "topk-grid-" + std::to_string(f->index);
  EXPECT_EQ(json["example"]["id"], id);
  EXPECT_EQ(json["answer"]["id"], id);
  EXPECT_EQ(json["answer"]["violations"], nlohmann::json::array({"topk-scores-own-columns"}));
  EXPECT_EQ(json["replay"],
            "echo '" + json["example"].dump() +
                "' | zfcheck topk --impl both --profile 'pr-8456:one_d_params_shift_offsets=on, "
                "steps_per_epoch_min_1=on' -");
}

}  // namespace
}  // namespace zfcheck
