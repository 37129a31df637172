// Why a result breaks an invariant, as a short stable text independent of the numbers (docs/causes.md),
// and the grouping of a finding's cases by it.
#pragma once

#include "harness/checks/invariants.hpp"
#include "harness/checks/minimal_order.hpp"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

namespace zfcheck {

// The cause of `r` breaking `invariant` (which it must break), as docs/causes.md defines it: for an
// error invariant, the error's type, field and message with numbers normalised to N; for a schedule
// invariant, the parts of the path the invariant involves (strategy as configured and resolved, where
// the epoch length came from, the signs of the values it reads, the warnings logged).
std::string cause_of(const Invariant& invariant, const Case& c, const Result& r);

// The error part of a cause: "Type on field: message" with every number in the message written N.
std::string error_cause(const Error& error);

// The cases of one finding that share a cause: how many, and the simplest (minimal_order.hpp).
struct CauseGroup {
  std::string cause;
  std::uint64_t count = 0;
  Case example;
  Result result;
};

// Per invariant of the registry, the cases offered that break it, grouped by cause.
class CauseTallies {
 public:
  CauseTallies();
  // Counts `c` under the cause of every invariant set in `broken` (violation_mask(c, r)).
  void add(ViolationMask broken, const Case& c, const Result& r);
  // The causes of invariants()[index], simplest example first; empty when no case broke it.
  std::vector<CauseGroup> causes(std::size_t index) const;

 private:
  struct Tally {
    std::uint64_t count = 0;
    Simplest<Result> simplest;
  };
  std::vector<std::unordered_map<std::string, Tally>> by_invariant_;  // by a key finer than the cause
};

}  // namespace zfcheck
