// Causes: one per reason, whatever the numbers; the known causes of pr-8456 come out distinct; the
// tallies keep the simplest case of each and list causes simplest first.
#include "harness/checks/causes.hpp"
#include "test_support.hpp"

#include <algorithm>

namespace zfcheck {
namespace {

using testing::case_of;

std::string cause(std::string_view profile, std::string_view invariant, std::string_view case_json) {
  Case c = case_of(case_json);
  Result r = evaluate(c, testing::profile(profile));
  const Invariant* inv = find_invariant(invariant);
  if (inv == nullptr || inv->holds(c, r)) throw std::invalid_argument(std::string(case_json) + " keeps it");
  return cause_of(*inv, c, r);
}

std::vector<std::string> cause_texts(const Finding& f) {
  std::vector<std::string> out;
  for (const CauseGroup& g : f.causes) out.push_back(g.cause);
  return out;
}

TEST(Causes, everyInvariantOfTheRegistryHasACause) {
  Case c = case_of(R"({"zenflow":{}})");
  Result r = evaluate(c, testing::profile("pr-8456"));
  for (const Invariant& inv : invariants()) EXPECT_NO_THROW(cause_of(inv, c, r)) << inv.name;
}

TEST(Causes, anErrorCauseNormalisesNumbersButNotWords) {
  EXPECT_EQ(
      error_cause(Error{"RuntimeError", std::nullopt, "Overflow when unpacking long (-12 exceeds int64)"}),
      "RuntimeError: Overflow when unpacking long (N exceeds int64)");
  EXPECT_EQ(error_cause(Error{"ValidationError", "topk_ratio", "Input should be less than 1.5"}),
            "ValidationError on topk_ratio: Input should be less than N");
}

TEST(Causes, theNumbersDoNotSplitACause) {
  EXPECT_EQ(
      cause("pr-8456", "reselects-or-warns", R"({"zenflow":{"select_strategy":"step","select_interval":0}})"),
      "strategy step; select_interval 0 -> 0; no warning");
  EXPECT_EQ(cause("pr-8456", "interval-not-negative",
                  R"({"zenflow":{"select_strategy":"step","select_interval":-1}})"),
            cause("pr-8456", "interval-not-negative",
                  R"({"zenflow":{"select_strategy":"step","select_interval":-7,"full_warm_up_rounds":2}})"));
  EXPECT_EQ(
      cause("pr-8456", "setup-never-raises", R"({"zenflow":{"update_interval":2},"dataloader_len":1})"),
      cause("pr-8456", "setup-never-raises", R"({"zenflow":{"update_interval":9},"dataloader_len":4})"));
}

TEST(Causes, theInvariantPicksWhatItsCauseSays) {
  // Negative warm-up rounds are one reason, whatever the strategy.
  EXPECT_EQ(cause("pr-8456", "warm-up-not-negative", R"({"zenflow":{"full_warm_up_rounds":-1}})"),
            cause("pr-8456", "warm-up-not-negative",
                  R"({"zenflow":{"full_warm_up_rounds":-3,"select_strategy":"step","select_interval":2}})"));
  EXPECT_EQ(cause("pr-8456", "gradient-accumulation-positive", R"({"zenflow":{}})"),
            "update_interval \"auto\"");
}

TEST(Causes, theKnownCausesOfPr8456AreDistinct) {
  const Finding* raises = testing::finding(testing::swept("pr-8456"), "setup-never-raises");
  const Finding* silent = testing::finding(testing::swept("pr-8456"), "reselects-or-warns");
  ASSERT_TRUE(raises && silent);
  std::vector<std::string> known_raises{
      cause("pr-8456", "setup-never-raises", R"({"zenflow":{"offload":true}})"),
      cause("pr-8456", "setup-never-raises", R"({"zenflow":{"update_interval":2},"dataloader_len":1})"),
      cause("pr-8456", "setup-never-raises", R"({"zenflow":{"select_strategy":"step"}})")};
  std::vector<std::string> known_silent{
      cause("pr-8456", "reselects-or-warns", R"({"zenflow":{"select_strategy":"step","select_interval":0}})"),
      cause("pr-8456", "reselects-or-warns",
            R"({"zenflow":{"select_interval":0,"select_strategy":"epoch"},"dataloader_len":3})")};
  for (const auto& [known, finding] : {std::pair{known_raises, raises}, std::pair{known_silent, silent}}) {
    std::vector<std::string> swept = cause_texts(*finding);
    for (std::size_t i = 0; i < known.size(); ++i) {
      EXPECT_NE(std::find(swept.begin(), swept.end(), known[i]), swept.end()) << known[i];
      for (std::size_t j = 0; j < i; ++j) EXPECT_NE(known[i], known[j]);
    }
  }
}

TEST(Causes, aFindingsCausesAddUpAndComeSimplestFirst) {
  for (const Finding& f : testing::swept("pr-8456").findings) {
    ASSERT_FALSE(f.causes.empty()) << f.invariant;
    std::uint64_t total = 0;
    for (std::size_t i = 0; i < f.causes.size(); ++i) {
      total += f.causes[i].count;
      if (i > 0) {
        EXPECT_TRUE(simpler(f.causes[i - 1].example, f.causes[i].example)) << f.invariant;
      }
    }
    EXPECT_EQ(total, f.count) << f.invariant;
    EXPECT_EQ(f.example, f.causes.front().example) << f.invariant;
  }
}

}  // namespace
}  // namespace zfcheck
