// What a seed expects of one profile's result, and the fields in which a fresh result departs from it.
#pragma once

#include "harness/io/json_shape.hpp"
#include "reference/evaluate.hpp"

#include <optional>
#include <string>
#include <vector>

namespace zfcheck {

// The facts of a result a reviewer judges (the columns of the PR #8456 thread's tables, and more).
struct ExpectedFacts {
  std::string outcome;                    // outcome_name()
  std::optional<std::string> error_type;  // the Python exception class; none when the outcome is ok
  // Resolved, optimizer side (what the selection predicate reads); none unless set-up finished with
  // ZenFlow on.
  std::optional<py::Int> select_interval;
  std::int64_t selection_count = 0;     // selections in the case's micro_steps
  std::vector<std::string> warnings;    // warning ids in the order logged ([] when none)
  std::vector<std::string> violations;  // invariant names, registry order

  bool operator==(const ExpectedFacts&) const = default;
};

ExpectedFacts expectation_of(const Case& c, const Result& r);

// {"outcome", "error_type", "select_interval", "selection_count", "warnings", "violations"}, in that order.
py::Value expectation_to_value(const ExpectedFacts& e);

// Every key required, no other; outcome, warning ids and invariant names must be known ones. The
// violations are put in registry order, so the order a reviewer lists them in does not matter.
Shaped<ExpectedFacts> expectation_from_value(const py::Value& value, const std::string& path);

// A field whose value differs, both values as JSON text.
struct FactDifference {
  std::string field;
  std::string expected;
  std::string actual;
};

// The fields of `actual` that differ from `expected`, in field order; empty when they agree.
std::vector<FactDifference> differences(const ExpectedFacts& expected, const ExpectedFacts& actual);

}  // namespace zfcheck
