// Cause changes between two sets of results: each (invariant, cause) fixed, introduced or remaining.
#include "harness/reports/cause_changes.hpp"
#include "reference/py_json.hpp"
#include "test_support.hpp"

#include <algorithm>

namespace zfcheck {
namespace {

CauseTallies tallies_of(std::initializer_list<std::string_view> cases) {
  CauseTallies out;
  for (std::string_view json : cases) {
    Case c = testing::case_of(json);
    Result r = evaluate(c, testing::profile("pr-8456"));
    out.add(violation_mask(c, r), c, r);
  }
  return out;
}

const CauseChange* change_of(const std::vector<CauseChange>& changes, std::string_view invariant,
                             std::string_view cause) {
  auto it = std::find_if(changes.begin(), changes.end(),
                         [&](const CauseChange& c) { return c.invariant == invariant && c.cause == cause; });
  return it == changes.end() ? nullptr : &*it;
}

TEST(CauseChanges, namesEachCauseFixedIntroducedOrRemaining) {
  const char* offload = R"({"zenflow":{"offload":true}})";
  const char* step_zero = R"({"zenflow":{"select_strategy":"step","select_interval":0}})";
  const char* epoch_zero =
      R"({"zenflow":{"select_strategy":"epoch","select_interval":0},"dataloader_len":2})";
  auto changes =
      cause_changes(tallies_of({offload, step_zero, step_zero}), tallies_of({step_zero, epoch_zero}));

  const CauseChange* fixed =
      change_of(changes, "setup-never-raises",
                "AssertionError: offload selective optimizer should be used with overlap_comm");
  ASSERT_NE(fixed, nullptr);
  EXPECT_EQ(fixed->status, CauseStatus::fixed);
  EXPECT_EQ(fixed->from_count, 1u);
  EXPECT_EQ(fixed->to_count, 0u);
  EXPECT_EQ(fixed->example, testing::case_of(offload));

  const CauseChange* remaining =
      change_of(changes, "reselects-or-warns", "strategy step; select_interval 0 -> 0; no warning");
  ASSERT_NE(remaining, nullptr);
  EXPECT_EQ(remaining->status, CauseStatus::remaining);
  EXPECT_EQ(remaining->from_count, 2u);
  EXPECT_EQ(remaining->to_count, 1u);

  const CauseChange* introduced = change_of(
      changes, "reselects-or-warns",
      "strategy epoch; epoch length positive from the dataloader; select_interval 0 -> 0; no warning");
  ASSERT_NE(introduced, nullptr);
  EXPECT_EQ(introduced->status, CauseStatus::introduced);
  EXPECT_EQ(introduced->example, testing::case_of(epoch_zero));
  EXPECT_EQ(
      py::to_json(cause_change_to_value(*introduced)).rfind(R"({"status":"introduced","invariant":)", 0), 0u);
}

TEST(CauseChanges, noneWhenNeitherSideBreaksAnything) {
  EXPECT_TRUE(cause_changes(CauseTallies{}, CauseTallies{}).empty());
}

}  // namespace
}  // namespace zfcheck
