// The profiles a property run judges: the builtin ones, or the builtin ones with one replaced by a mutant.
#pragma once

#include "reference/profile.hpp"

#include <string_view>
#include <vector>

namespace zfcheck::props {

class ProfileSet {
 public:
  // builtin_profiles(), each standing for itself.
  static const ProfileSet& builtin();

  // The profile standing for builtin profile `name` in this set. Property bodies name the builtin
  // profiles they compare; a name that is not builtin is a bug in the body (std::logic_error).
  const Profile& at(std::string_view name) const;
  // Every profile of the set, in builtin order.
  const std::vector<Profile>& all() const { return profiles_; }

  // The same set with `mutant` standing for the builtin profile it was made from (the part of its
  // name before ':', as find_profile("pr-8456:warning_raises=on") names it).
  ProfileSet with(Profile mutant) const;

 private:
  explicit ProfileSet(std::vector<Profile> profiles) : profiles_(std::move(profiles)) {}

  std::vector<Profile> profiles_;
};

// The builtin profile a (possibly overridden) profile name starts from: "pr-8456:x=on" -> "pr-8456".
std::string_view base_name(std::string_view profile_name);

}  // namespace zfcheck::props
