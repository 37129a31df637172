// The invariant registry: named, documented predicates over a (Case, Result) pair (docs/invariants.md).
#pragma once

#include "reference/evaluate.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace zfcheck {

// One invariant of the catalogue. `holds` is true when the result keeps the invariant, and also when
// the invariant does not apply to it (most apply only to an `ok` result with ZenFlow on).
struct Invariant {
  std::string_view name;       // stable kebab-case name other tools match on
  std::string_view statement;  // what must hold
  std::string_view why;        // the judgement it encodes
  bool (*holds)(const Case& c, const Result& r);
};

// Every schedule and set-up invariant, catalogue order first, then the ones zfcheck adds.
std::span<const Invariant> invariants();
const Invariant* find_invariant(std::string_view name);

// Bit i set: invariants()[i] is broken. The sweep's allocation-free form of `violations`.
using ViolationMask = std::uint32_t;
ViolationMask violation_mask(const Case& c, const Result& r);

// The names of the invariants the result breaks, in registry order; empty when none.
std::vector<std::string_view> violations(const Case& c, const Result& r);

// The epoch length the caller gives, as docs/invariants.md means "known epoch length": the dataloader's
// length when it is positive (it wins over a user steps_per_epoch), else the block's steps_per_epoch,
// coerced as validation coerces it, when that is >= 1; nothing when neither gives one (no dataloader or
// an empty one, and steps_per_epoch absent, null, "auto", not an integer, or below 1).
std::optional<py::Int> known_epoch_length(const Case& c);

}  // namespace zfcheck
