// Looking profiles up by their builtin name, and swapping one for a mutant.
#include "properties/suite/profile_set.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace zfcheck::props {

std::string_view base_name(std::string_view profile_name) {
  return profile_name.substr(0, profile_name.find(':'));
}

const ProfileSet& ProfileSet::builtin() {
  static const ProfileSet set(builtin_profiles());
  return set;
}

const Profile& ProfileSet::at(std::string_view name) const {
  auto it = std::find_if(profiles_.begin(), profiles_.end(),
                         [&](const Profile& p) { return base_name(p.name) == name; });
  if (it == profiles_.end()) throw std::logic_error("no builtin profile " + std::string(name));
  return *it;
}

ProfileSet ProfileSet::with(Profile mutant) const {
  std::vector<Profile> profiles = profiles_;
  auto it = std::find_if(profiles.begin(), profiles.end(),
                         [&](const Profile& p) { return base_name(p.name) == base_name(mutant.name); });
  if (it == profiles.end()) throw std::logic_error("no builtin profile for mutant " + mutant.name);
  *it = std::move(mutant);
  return ProfileSet(std::move(profiles));
}

}  // namespace zfcheck::props
