// Two profiles over the sweep grid: the cases whose results differ, grouped by what changed and how.
#pragma once

#include "harness/reports/cause_changes.hpp"
#include "harness/checks/engine.hpp"
#include "harness/io/progress.hpp"
#include "harness/checks/sweep_grid.hpp"
#include "reference/evaluate.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace zfcheck {

// What differs between two results of one case, as a stable description such as
// "outcome ok -> config_error (ValidationError)" or
// "select_interval 0 -> positive; selections once -> repeats; warnings +select-interval-never-repeats".
// A changed outcome is described alone; otherwise each differing aspect (error, resolved and engine
// intervals, steps_per_epoch, warm-up, selections, warnings) in that order. Values are described by
// class (negative, 0, positive; unset), selections by count (none, once, repeats), so that cases that
// changed the same way share a description. Empty when the results agree (the profile name aside).
std::string describe_change(const Result& from, const Result& to);

struct DiffGroup {
  std::string change;  // describe_change() of every case in the group
  std::uint64_t count = 0;
  Case example;  // the simplest (minimal_order.hpp)
  Result from;
  Result to;
};

struct ProfileDiff {
  std::string from;
  std::string to;
  std::uint64_t cases = 0;
  std::uint64_t differing = 0;  // of the cases both engines answered
  // The cases either engine could not answer (the head's reason where both failed): neither compared nor
  // counted among the causes, so that a stand-in's gap never reads as a change or as "no change".
  NotEvaluated not_evaluated;
  std::vector<bool> unevaluated;  // by grid index: whether the case is one of them
  std::vector<DiffGroup> groups;  // most cases first, then by change
  std::vector<CauseChange> causes;  // findings' causes fixed, introduced, remaining (cause_changes.hpp)
};

ProfileDiff diff_profiles(const SweepGrid& grid, const Engine& from, const Engine& to,
                          Progress* progress = nullptr);

// {"from", "to", "cases", "differing", "groups": [{"change", "count", "example", "from", "to"}], "causes":
// [{"status", "invariant", "cause", "from_count", "to_count", "example"}]}, a group or cause per line; where
// some case was not evaluated, "not_evaluated": {"count", "reasons": [{"reason", "count"}]} after
// "differing".
std::string profile_diff_json(const ProfileDiff& diff);

}  // namespace zfcheck
