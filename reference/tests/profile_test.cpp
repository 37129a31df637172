// Tests of the profile table and profile specs with switch overrides (reference/profile).
#include "reference/profile.hpp"

#include <gtest/gtest.h>

#include <string_view>
#include <utility>
#include <vector>

namespace zfcheck {
namespace {

TEST(Profile, FourBuiltinProfilesOldestFirstWithTheNewestAsDefault) {
  const auto& all = builtin_profiles();
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all.front().name, "deepspeed-edaa722");
  EXPECT_EQ(all.back().name, kDefaultProfile);
}

// Each profile is the one before it plus the changes of its own upstream revision, which the thread
// names: the switches that differ from the previous profile are exactly those whose recorded origin
// (kSwitches) is that revision's.
TEST(Profile, EachRevisionAddsItsSwitchesToThePrevious) {
  const std::vector<std::pair<std::string_view, std::string_view>> revision_of{
      {"deepspeed-8274", "PR #8274"}, {"pr-8456-4ffc94ea", "4ffc94ea"}, {"pr-8456", "ffb0860"}};
  const auto& all = builtin_profiles();
  ASSERT_EQ(all.size(), revision_of.size() + 1);
  EXPECT_EQ(all[0].name, "deepspeed-edaa722");
  for (std::size_t i = 1; i < all.size(); ++i) {
    ASSERT_EQ(all[i].name, revision_of[i - 1].first);
    std::vector<std::string_view> changed, from_revision;
    for (const SwitchInfo& s : kSwitches) {
      if (all[i].switches.*(s.member) != all[i - 1].switches.*(s.member)) changed.push_back(s.name);
      if (s.origin.find(revision_of[i - 1].second) != std::string_view::npos) from_revision.push_back(s.name);
    }
    EXPECT_FALSE(changed.empty()) << all[i].name;
    EXPECT_EQ(changed, from_revision) << all[i].name << " against " << all[i - 1].name;
  }
  EXPECT_TRUE(all[0].switches.warning_raises);  // upstream raised Warning until 4ffc94ea
}

TEST(Profile, OverridesFlipNamedSwitches) {
  auto p = find_profile("pr-8456:truth_guard_on_steps_per_epoch=off,warning_raises=on");
  ASSERT_TRUE(p.has_value());
  EXPECT_FALSE(p->switches.truth_guard_on_steps_per_epoch);
  EXPECT_TRUE(p->switches.warning_raises);
  EXPECT_TRUE(p->switches.steps_per_epoch_min_1);
  EXPECT_EQ(p->name, "pr-8456:truth_guard_on_steps_per_epoch=off,warning_raises=on");
}

TEST(Profile, BadSpecsAreClearErrors) {
  EXPECT_NE(find_profile("pr-9999").error().find("unknown profile 'pr-9999'"), std::string::npos);
  EXPECT_NE(find_profile("pr-8456:nope=on").error().find("unknown switch 'nope'"), std::string::npos);
  EXPECT_NE(find_profile("pr-8456:warning_raises").error().find("=on or =off"), std::string::npos);
  EXPECT_NE(find_profile("pr-8456:warning_raises=yes").error().find("=on or =off"), std::string::npos);
}

TEST(Profile, AnUnknownProfileOrSwitchListsTheKnownOnesAndSuggestsTheNearest) {
  EXPECT_EQ(
      find_profile("deepspeed-edaa72").error(),
      "unknown profile 'deepspeed-edaa72'; did you mean 'deepspeed-edaa722'? (known: deepspeed-edaa722, "
      "deepspeed-8274, pr-8456-4ffc94ea, pr-8456)");
  std::string bad_switch = find_profile("pr-8456:warning_raise=on").error();
  EXPECT_NE(bad_switch.find("in 'pr-8456:warning_raise=on': unknown switch 'warning_raise'; did you mean "
                            "'warning_raises'?"),
            std::string::npos)
      << bad_switch;
  for (const SwitchInfo& s : kSwitches)
    EXPECT_NE(bad_switch.find(std::string(s.name)), std::string::npos) << s.name;
}

// docs_tests holds the names and origins against docs/zenflow.md#profiles.
TEST(Profile, EverySwitchHasAMeaningAndAnOrigin) {
  for (const SwitchInfo& s : kSwitches) {
    EXPECT_FALSE(s.meaning.empty()) << s.name;
    EXPECT_FALSE(s.origin.empty()) << s.name;
  }
}

}  // namespace
}  // namespace zfcheck
