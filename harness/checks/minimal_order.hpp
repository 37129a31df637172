// The "simplest first" order on cases that picks each sweep finding's minimal counterexample.
//
// Case a is simpler than case b when, in this order of precedence:
//   1. it writes fewer things: the keys of its zenflow object (a zenflow value that is not an object
//      counts as one), plus one for each case field away from its default (dataloader_len given,
//      stage not 2, micro_steps not 40, overlap_comm given);
//   2. fewer of the values it writes are off-type: of a JSON type that the field's declared type does
//      not name, so that pydantic must coerce it (takes_as_is in reference/zenflow_fields.hpp). A value
//      under an unknown key, and a zenflow value other than null or an object, is off-type;
//   3. its magnitude is smaller: the sum over the values it writes of
//        null, false -> 0;  true -> 1;  an int -> |i|;  a finite float -> ceil(|f|);
//        NaN, Infinity, -Infinity -> 2**1024 (above every finite float);
//        a string -> its length in bytes;  a list or object -> its item count plus its items' magnitudes;
//      and of dataloader_len, stage and micro_steps when written, by their value (overlap_comm: as a bool);
//   4. its canonical text (the case as `zfcheck eval` reads it, id left out, written compactly) is
//      shorter;
//   5. its canonical text is smaller byte by byte.
// Before all five: a case that gives the zenflow block alone is simpler than a whole-config case
// (deepspeed_config), so that the whole-config blocks never replace a finding's zenflow-case example.
// So the order is total: two cases are equal in it only when they are the same case (id aside).
#pragma once

#include "reference/evaluate.hpp"

#include <compare>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>

namespace zfcheck {

std::size_t written_count(const Case& c);   // criterion 1
std::size_t off_type_count(const Case& c);  // criterion 2
py::Int magnitude(const Case& c);           // criterion 3
std::string canonical_text(const Case& c);  // criteria 4 and 5

// The order itself: less means `a` is simpler.
std::strong_ordering compare_simplicity(const Case& a, const Case& b);
inline bool simpler(const Case& a, const Case& b) { return compare_simplicity(a, b) < 0; }

// One case's place in the order, computed criterion by criterion only as far as comparisons need and
// kept for the next comparison. It holds no reference: each call passes the case it was made for.
class SimplicityKey {
 public:
  explicit SimplicityKey(const Case& self) : written_(written_count(self)), off_type_(off_type_count(self)) {}
  // `self` (the case the key was made for) against `other`: less means `self` is simpler.
  std::strong_ordering compare(const Case& self, const Case& other) const;

 private:
  std::size_t written_;
  std::size_t off_type_;
  mutable std::optional<py::Int> magnitude_;
  mutable std::optional<std::string> text_;
};

// The simplest of the cases offered so far, with what the caller keeps about it.
template <class Payload>
class Simplest {
 public:
  // Keeps `c` if it is simpler than the current one; only then is `make_payload()` called.
  template <class MakePayload>
  void offer(const Case& c, MakePayload&& make_payload) {
    if (best_ && key_->compare(*best_, c) <= 0) return;
    best_ = c;
    key_.emplace(*best_);
    payload_ = make_payload();
  }

  bool empty() const { return !best_; }
  const Case& example() const { return *best_; }
  const Payload& payload() const { return payload_; }

 private:
  std::optional<Case> best_;
  std::optional<SimplicityKey> key_;
  Payload payload_{};
};

}  // namespace zfcheck
