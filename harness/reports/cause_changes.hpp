// The causes of findings under two profiles, compared: which were fixed, introduced, or remain.
#pragma once

#include "harness/checks/causes.hpp"
#include "reference/py_value.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

enum class CauseStatus { fixed, introduced, remaining };
std::string_view cause_status_name(CauseStatus status);

struct CauseChange {
  CauseStatus status;
  std::string invariant;
  std::string cause;
  std::uint64_t from_count = 0;  // cases with this cause under the old profile (0 when introduced)
  std::uint64_t to_count = 0;    // under the new one (0 when fixed)
  Case example;                  // the simplest: under the new profile, or the old one when fixed
};

// Every (invariant, cause) some case has under `from` or `to`: fixed (only under from), introduced
// (only under to), remaining (both); in registry order, then fixed, introduced, remaining, each simplest
// example first.
std::vector<CauseChange> cause_changes(const CauseTallies& from, const CauseTallies& to);

// {"status", "invariant", "cause", "from_count", "to_count", "example"}.
py::Value cause_change_to_value(const CauseChange& change);

}  // namespace zfcheck
