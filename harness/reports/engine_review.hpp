// A pull request's review: the resolution table, the invariants and the behaviour changes, base against head.
#pragma once

#include "harness/checks/engine.hpp"
#include "harness/reports/profile_diff.hpp"
#include "harness/checks/sweep.hpp"
#include "harness/io/text_table.hpp"

#include <string>
#include <vector>

namespace zfcheck {

// One invariant broken under base or head: "fixed" (base only), "introduced" (head only) or
// "still broken"; the example is head's simplest case (base's for a fixed one).
struct InvariantChange {
  std::string invariant;
  std::string status;
  std::uint64_t base_count = 0;
  std::uint64_t head_count = 0;
  Case example;
  Result result;
};

// A field of the revisions' ZenFlowConfig that the model does not know, swept on both sides.
struct NewField {
  std::string name;
  std::string annotation;           // as the revision's source writes it
  std::vector<std::string> values;  // the values tried, as JSON
  std::uint64_t cases = 0;          // grid cases that set it (each value x the coercion block's corners)
};

struct Review {
  std::string base;
  std::string head;
  std::string table;  // the resolution table, a column per side
  std::vector<InvariantChange> invariants;
  ProfileDiff diff;
  bool introduced = false;  // head breaks an invariant base did not, or has a cause of a finding base had not
  std::vector<NewField> new_fields;  // filled by the caller, which added their blocks to the grid
};

// Evaluates the grid under both engines (the diff first, so that a cached engine answers the sweeps).
Review review_engines(const SweepGrid& grid, const Engine& base, const Engine& head, TableFormat table_format,
                      Progress* progress);

// Markdown or text: the table, each invariant fixed / introduced / still broken and each cause fixed /
// introduced / remaining, with its simplest case and replay command (`base_option`/`head_option`: each
// side's Engine::replay_option()), then the behaviour-change groups.
std::string render_review(const Review& review, TableFormat format, const std::string& base_option,
                          const std::string& head_option);
// {"base", "head", "introduced", "invariants": [...], "diff": profile_diff_json()}, and "new_fields":
// [{"name", "annotation", "values", "cases"}] when there are any.
std::string review_json(const Review& review);

}  // namespace zfcheck
