// Two profiles over the sweep grid: the cases whose results differ, grouped by what changed and how.
#pragma once

#include "harness/checks/engine.hpp"
#include "harness/checks/minimal_order.hpp"
#include "harness/checks/sweep.hpp"
#include "harness/checks/sweep_grid.hpp"
#include "harness/io/progress.hpp"
#include "harness/reports/cause_changes.hpp"
#include "reference/evaluate.hpp"

#include <cstdint>
#include <map>
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
  std::vector<DiffGroup> groups;  // most cases first, then by change
  std::vector<CauseChange> causes;  // findings' causes fixed, introduced, remaining (cause_changes.hpp)
};

// The diff's walk, case by case, for a walk that judges more at once (review): add() each grid case with
// both engines' results, then diff(). Beside it, each side's sweep tallies of the cases both answered.
class DiffTally {
 public:
  DiffTally(const Engine& from, const Engine& to, std::uint64_t cases);
  void add(const Case& c, const Result& a, const Result& b);
  ProfileDiff diff() const;
  const SweepTally& from_sweep() const { return from_; }
  const SweepTally& to_sweep() const { return to_; }

 private:
  struct Tally {
    std::uint64_t count = 0;
    Simplest<std::pair<Result, Result>> simplest;
  };
  const Engine& from_engine_;
  const Engine& to_engine_;
  ProfileDiff diff_;
  std::map<std::string, Tally> tallies_;  // by change
  SweepTally from_;
  SweepTally to_;
};

ProfileDiff diff_profiles(const SweepGrid& grid, const Engine& from, const Engine& to,
                          Progress* progress = nullptr);

// {"from", "to", "cases", "differing", "groups": [{"change", "count", "example", "from", "to"}], "causes":
// [{"status", "invariant", "cause", "from_count", "to_count", "example"}]}, a group or cause per line; where
// some case was not evaluated, "not_evaluated": {"count", "reasons": [{"reason", "count"}]} after
// "differing".
std::string profile_diff_json(const ProfileDiff& diff);

}  // namespace zfcheck
