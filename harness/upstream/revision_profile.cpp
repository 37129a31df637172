// Matching an upstream revision with the built-in profile that models it, by commit.
#include "harness/upstream/revision_profile.hpp"

#include "harness/upstream/upstream_source.hpp"
#include "reference/profile.hpp"

namespace zfcheck {

tl::expected<std::string, std::string> profile_of_revision(const std::string& path_at_rev,
                                                           const std::string& advice) {
  auto [path, rev] = split_upstream_spec(path_at_rev);
  std::optional<std::string> sha = rev ? resolve_commit(path, *rev) : std::nullopt;
  for (const Profile& p : builtin_profiles()) {
    if (sha && !p.upstream_rev.empty() && resolve_commit(path, std::string(p.upstream_rev)) == sha)
      return p.name;
  }
  return tl::unexpected(path_at_rev + " is not the revision of a built-in profile: " + advice);
}

}  // namespace zfcheck
