// Tests of the nearest-name suggestion (reference/nearest_name).
#include "reference/nearest_name.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

const std::vector<std::string> kCommands{"eval", "explain", "diff", "replay", "report", "review", "table"};

TEST(NearestName, SuggestsTheNameASlipOfTheKeyboardMadeFromIt) {
  EXPECT_EQ(nearest_name("explian", kCommands), "explain");  // two letters swapped
  EXPECT_EQ(nearest_name("tabel", kCommands), "table");
  EXPECT_EQ(nearest_name("replya", kCommands), "replay");
  EXPECT_EQ(nearest_name("Eval", kCommands), "eval");  // case aside
  EXPECT_EQ(nearest_name("--dataloader-length", {"--dataloader-len", "--no-dataloader", "--micro-steps"}),
            "--dataloader-len");
}

TEST(NearestName, SuggestsNothingForANameFarFromEveryOne) {
  EXPECT_EQ(nearest_name("frobnicate", kCommands), std::nullopt);
  EXPECT_EQ(nearest_name("x", kCommands), std::nullopt);
  EXPECT_EQ(nearest_name("eval", {}), std::nullopt);
}

TEST(NearestName, TheNearestWinsAndTheFirstOfEquallyNearOnes) {
  EXPECT_EQ(nearest_name("reviw", kCommands), "review");
  EXPECT_EQ(nearest_name("repla", kCommands), "replay");
  EXPECT_EQ(nearest_name("ab", {"ax", "ay"}), "ax");
}

TEST(NearestName, TheMessageListsTheKnownNamesWithOrWithoutASuggestion) {
  EXPECT_EQ(unknown_name_message("command", "explian", {"eval", "explain"}),
            "unknown command 'explian'; did you mean 'explain'? (known: eval, explain)");
  EXPECT_EQ(unknown_name_message("command", "zzz", {"eval", "explain"}),
            "unknown command 'zzz' (known: eval, explain)");
}

}  // namespace
}  // namespace zfcheck
