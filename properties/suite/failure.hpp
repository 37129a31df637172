// What a property body returns, and the helpers bodies share to say what broke.
#pragma once

#include "harness/io/case_io.hpp"
#include "properties/suite/profile_set.hpp"
#include "reference/evaluate.hpp"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace zfcheck::props {

// What a property body says when the case breaks it: a description of what broke. A body returns
// std::optional<Failure>: nothing when the property holds.
using Failure = std::string;

// A property body: a plain function of one case and the profiles it judges, driven by RapidCheck
// (properties/tests), by the fuzz targets (fuzz/) and by corpus replay alike.
using Body = std::function<std::optional<Failure>(const Case&, const ProfileSet&)>;

// Nothing when `a` and `b` are the same result, id and profile aside; else "<what> differ on" and each
// differing eval-format key with both values.
std::optional<Failure> differences(std::string_view what, const Result& a, const Result& b);

// Nothing when cases `a` and `b` give the same result under every profile of the set; else the first
// profile where they do not, both cases as eval lines, and the differing keys. `relation` says why
// they should agree.
std::optional<Failure> same_under_every_profile(std::string_view relation, const Case& a, const Case& b,
                                 const ProfileSet& profiles);

}  // namespace zfcheck::props
