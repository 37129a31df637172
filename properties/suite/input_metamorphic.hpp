// Metamorphic properties of how a block is written: rewrites upstream's config code cannot tell apart
// must give the same result, under every profile.
#pragma once

#include "properties/suite/failure.hpp"

namespace zfcheck::props {

// A key set to "auto" behaves as the key left out, wherever upstream's base class drops "auto" (every
// key but "strict", "self" and "replace_method", unless a truthy "strict" key stops the dropping); a
// zenflow of "auto" behaves as none.
std::optional<Failure> auto_behaves_as_absent(const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

// Writing the declared fields in another order changes nothing (unknown keys keep their order: pydantic
// names the first of them).
std::optional<Failure> key_order_does_not_matter(const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

// Validating the validated config again (the result's "config", fed back as the block) gives the same
// config and the same result.
std::optional<Failure> revalidating_the_config_changes_nothing(const Case& c,
                                                const ProfileSet& profiles = ProfileSet::builtin());

// Writing a declared field's integer as the float of the same value (10 as 10.0) changes nothing, where
// the float is exact (|n| < 2**53): pydantic coerces a whole float to an int and an int to a float.
std::optional<Failure> integral_floats_agree_with_ints(const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

}  // namespace zfcheck::props
