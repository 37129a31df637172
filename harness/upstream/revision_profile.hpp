// Which built-in profile models an upstream revision: the default expectations of `replay --upstream` and
// the default model side of `conformance`.
#pragma once

#include <tl/expected.hpp>

#include <string>

namespace zfcheck {

// The built-in profile whose upstream revision is the commit PATH@REV names (however either is spelt);
// else the error "PATH@REV is not the revision of a built-in profile: <advice>" (how to name one instead).
tl::expected<std::string, std::string> profile_of_revision(const std::string& path_at_rev,
                                                           const std::string& advice);

}  // namespace zfcheck
