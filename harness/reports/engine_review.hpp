// A pull request's review: the verdict and a summary first, then what the head introduces and fixes, the
// changed lines no case reached, the behaviour changes, the resolution table, and what stays broken.
#pragma once

#include "harness/checks/engine.hpp"
#include "harness/checks/patch_coverage.hpp"
#include "harness/checks/sweep.hpp"
#include "harness/io/text_table.hpp"
#include "harness/reports/profile_diff.hpp"
#include "harness/reports/topk_changes.hpp"

#include <map>
#include <optional>
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
  // The cases that break it under base only, by what head makes of them: "holds" (an ok result that keeps
  // it) or head's outcome (config_error, ...); and those that break it under head only, by base's outcome.
  std::map<std::string, std::uint64_t> left;
  std::map<std::string, std::uint64_t> joined;
};

// A field of the revisions' ZenFlowConfig that the model does not know, swept on both sides.
struct NewField {
  std::string name;
  std::string annotation;           // as the revision's source writes it
  std::vector<std::string> values;  // the values tried, as JSON
  std::uint64_t cases = 0;          // grid cases that set it (each value x the coercion block's corners)
};

// The top-k part: upstream's own selection code at both revisions on one problem set
// (docs/upstream-engine.md).
struct TopkReview {
  std::string problem_set;  // what was run: "500 generated problems (seed 1) and 15 reviewed seeds"
  std::optional<TopkChanges> changes;  // none: not evaluated
  std::string not_evaluated;           // then why
};

struct Review {
  std::string base;
  std::string head;
  std::string table;  // the resolution table: a column per side, or one column when both sides agree
  bool table_sides_agree = false;
  std::vector<InvariantChange> invariants;
  ProfileDiff diff;
  bool introduced = false;  // head breaks an invariant base did not, or has a cause of a finding base had not
  std::string title;        // "PR #N" when the head names a pull request (pull_request_title); else empty
  std::vector<NewField> swept_fields;       // filled by the caller, which added their blocks to the grid
  std::vector<std::string> new_fields;      // ZenFlowConfig fields head has and base lacks
  std::vector<std::string> removed_fields;  // and the reverse
  std::optional<PatchCoverage> coverage;    // head's changed lines against what ran; none: not measured
  std::vector<std::string>
      grid_blocks;                 // the built-in blocks walked (zfcheck review --grid-blocks); empty: all
  std::optional<TopkReview> topk;  // filled by the caller; none: the review has no top-k part
};

// Evaluates the grid under both engines (the diff first, so that a cached engine answers the sweeps).
Review review_engines(const SweepGrid& grid, const Engine& base, const Engine& head, TableFormat table_format,
                      Progress* progress);

// "PR #N" for a revision that names pull request N (refs/pull/N/head, pull/N/merge, ...); else empty.
std::string pull_request_title(const std::string& rev);

// The --upstream option a replay command gives for an upstream revision, on anyone's clone:
// --upstream "$DEEPSPEED_SRC@<sha>".
std::string portable_upstream_option(const std::string& engine_name);

// Whether the review passes: no finding introduced (a grid invariant or cause, or a top-k invariant on
// upstream's answers) and no changed code line that ran in no case.
bool review_passes(const Review& review);

// Markdown or text, in this order: the verdict, a one-paragraph summary, what the head introduces, what it
// fixes, the changed code lines no case reached (with their text), the behaviour changes, the new fields,
// the resolution table, and what stays broken (with how its counts moved; collapsed in markdown). Replay
// commands select each side with `base_option` / `head_option`.
std::string render_review(const Review& review, TableFormat format, const std::string& base_option,
                          const std::string& head_option);
// {"base", "head", "introduced", "invariants": [...], "diff": profile_diff_json()}, then "title",
// "passes", "new_fields", "removed_fields", "swept_fields" ([{"name", "annotation",
// "values", "cases"}]: the fields the model does not know, as swept), "grid_blocks" (only when part of the
// grid was walked), "coverage" ({"tool", "changed", "code", "reached", "unreached": [{"file", "line",
// "text"}]}, null when not measured) and "topk" (only with a top-k part: {"problem_set", "evaluated", then
// "problems", "changed", "kinds": [{"kind", "problems", "example" (the problem line), "base", "head"}],
// "judged" (the problems both revisions answered) and "invariants": [{"invariant", "status" (introduced or
// fixed), "problems", "example", "base", "head"}], or "not_evaluated"); "introduced" is the grid's; each
// invariant also has "left" and "joined".
std::string review_json(const Review& review);

}  // namespace zfcheck
