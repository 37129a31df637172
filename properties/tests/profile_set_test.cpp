// Profile sets: the builtin profiles by name, and one of them swapped for a mutant.
#include "properties/suite/profile_set.hpp"

#include <gtest/gtest.h>

namespace zfcheck::props {
namespace {

TEST(ProfileSet, builtinHoldsEveryBuiltinProfileByName) {
  ASSERT_EQ(ProfileSet::builtin().all().size(), builtin_profiles().size());
  for (const Profile& p : builtin_profiles())
    EXPECT_EQ(ProfileSet::builtin().at(p.name).switches, p.switches);
  EXPECT_THROW(ProfileSet::builtin().at("nope"), std::logic_error);
}

TEST(ProfileSet, aMutantStandsForTheProfileItWasMadeFrom) {
  Profile mutant = *find_profile("pr-8456:warning_raises=on");
  ProfileSet set = ProfileSet::builtin().with(mutant);
  EXPECT_EQ(set.at("pr-8456").name, "pr-8456:warning_raises=on");
  EXPECT_TRUE(set.at("pr-8456").switches.warning_raises);
  EXPECT_EQ(set.at("deepspeed-8274").name, "deepspeed-8274");
  EXPECT_EQ(base_name("pr-8456-4ffc94ea:x=on,y=off"), "pr-8456-4ffc94ea");
}

}  // namespace
}  // namespace zfcheck::props
