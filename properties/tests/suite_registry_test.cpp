// The suite's list: a property per invariant and profile, unique sentence names, a profile to replay under.
#include "harness/checks/invariants.hpp"
#include "properties/suite/suite.hpp"

#include <gtest/gtest.h>

#include <set>

namespace zfcheck::props {
namespace {

TEST(SuiteRegistry, holdsAPropertyPerInvariantAndProfileAndNineteenMore) {
  std::size_t invariant_properties = 0;
  for (const PropertySpec& spec : property_suite()) invariant_properties += !spec.invariant.empty();
  EXPECT_EQ(invariant_properties, invariants().size() * builtin_profiles().size());
  EXPECT_EQ(property_suite().size() - invariant_properties, 19u);
  EXPECT_NE(find_property("pr8456KeepsReselectsOrWarns"), nullptr);
  EXPECT_NE(find_property("pr8456_4ffc94eaKeepsSetupNeverRaises"), nullptr);
  EXPECT_EQ(find_property("nope"), nullptr);
}

TEST(SuiteRegistry, namesAreUniqueSentencesAndEveryPropertyReplaysUnderABuiltinProfile) {
  std::set<std::string> names;
  for (const PropertySpec& spec : property_suite()) {
    EXPECT_TRUE(names.insert(spec.name).second) << spec.name;
    EXPECT_EQ(spec.name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"),
              std::string::npos)
        << spec.name;
    ASSERT_FALSE(spec.profiles.empty()) << spec.name;
    for (const auto& p : spec.profiles) EXPECT_TRUE(find_profile(p)) << spec.name << ": " << p;
  }
}

TEST(SuiteRegistry, camelCaseJoinsWordsAndKeepsDigitRunsApart) {
  EXPECT_EQ(camel_case("reselects-or-warns", true), "ReselectsOrWarns");
  EXPECT_EQ(camel_case("deepspeed-edaa722", false), "deepspeedEdaa722");
  EXPECT_EQ(camel_case("deepspeed-8274", false), "deepspeed8274");
  EXPECT_EQ(camel_case("pr-8456-4ffc94ea", false), "pr8456_4ffc94ea");
}

}  // namespace
}  // namespace zfcheck::props
