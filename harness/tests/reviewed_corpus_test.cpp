// The reviewed corpus: every seed reads, covers every profile, and a change to any field is caught.
#include "harness/corpus/replay.hpp"
#include "harness/corpus/reviewed_case_files.hpp"
#include "reference/tests/test_paths.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

namespace zfcheck {
namespace {

struct NamedSeed {
  std::string name;
  ReviewedCase seed;
};

const std::vector<NamedSeed>& reviewed() {
  static const std::vector<NamedSeed> seeds = [] {
    std::vector<NamedSeed> out;
    auto files = reviewed_case_files({testing::source_path("corpus/reviewed")});
    if (!files) return out;
    for (const auto& f : *files) {
      auto seed = read_reviewed_case_file(f);
      if (seed) out.push_back({f.stem().string(), std::move(*seed)});
    }
    return out;
  }();
  return seeds;
}

// That every seed replays clean is the ctest corpus.replay_reviewed, which runs `zfcheck replay` itself.
TEST(ReviewedCorpus, everySeedFileReads) {
  auto files = reviewed_case_files({testing::source_path("corpus/reviewed")});
  ASSERT_TRUE(files) << files.error();
  EXPECT_GE(files->size(), 30u);
  for (const auto& f : *files) {
    auto seed = read_reviewed_case_file(f);
    EXPECT_TRUE(seed) << seed.error();
  }
}

TEST(ReviewedCorpus, everySeedRecordsEveryBuiltinProfile) {
  ASSERT_GE(reviewed().size(), 30u);
  for (const NamedSeed& s : reviewed()) {
    for (const Profile& p : builtin_profiles()) {
      bool present = std::any_of(s.seed.expect.begin(), s.seed.expect.end(),
                                 [&](const ProfileExpectation& pe) { return pe.profile.name == p.name; });
      EXPECT_TRUE(present) << s.name << " has no expectation for " << p.name;
    }
  }
}

// One way to change each field of an expectation to another valid value.
const std::vector<std::pair<std::string, std::function<void(ExpectedFacts&)>>>& field_changes() {
  static const std::vector<std::pair<std::string, std::function<void(ExpectedFacts&)>>> changes{
      {"outcome", [](ExpectedFacts& e) { e.outcome = e.outcome == "ok" ? "config_error" : "ok"; }},
      {"error_type",
       [](ExpectedFacts& e) { e.error_type = e.error_type ? std::nullopt : std::optional("Warning"); }},
      {"select_interval",
       [](ExpectedFacts& e) { e.select_interval = e.select_interval ? *e.select_interval + 1 : py::Int(7); }},
      {"selection_count", [](ExpectedFacts& e) { ++e.selection_count; }},
      {"warnings", [](ExpectedFacts& e) { e.warnings.push_back("select-interval-never-repeats"); }},
      {"violations",
       [](ExpectedFacts& e) {
         auto it = std::find(e.violations.begin(), e.violations.end(), "setup-never-raises");
         if (it == e.violations.end()) {
           e.violations.push_back("setup-never-raises");
         } else {
           e.violations.erase(it);
         }
       }},
  };
  return changes;
}

TEST(ReviewedCorpus, changingAnyOneExpectedFieldIsExactlyOneMismatch) {
  ASSERT_FALSE(reviewed().empty());
  std::size_t checked = 0;
  for (const NamedSeed& s : reviewed()) {
    for (std::size_t i = 0; i < s.seed.expect.size(); ++i) {
      for (const auto& [field, change] : field_changes()) {
        ReviewedCase changed = s.seed;
        change(changed.expect[i].expect);
        auto mismatches = replay_reviewed_case(changed);
        ASSERT_EQ(mismatches.size(), 1u) << s.name << " " << s.seed.expect[i].profile.name << " " << field;
        EXPECT_EQ(mismatches[0].profile, s.seed.expect[i].profile.name);
        EXPECT_EQ(mismatches[0].difference.field, field) << s.name;
        EXPECT_NE(mismatches[0].difference.expected, mismatches[0].difference.actual);
        ++checked;
      }
    }
  }
  EXPECT_GE(checked, 30u * 4u * field_changes().size());
}

}  // namespace
}  // namespace zfcheck
