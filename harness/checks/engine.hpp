// An engine turns cases into results: the model under a profile, or (harness/upstream) upstream's own code.
#pragma once

#include "harness/checks/sweep_grid.hpp"
#include "harness/io/progress.hpp"
#include "harness/io/replay_command.hpp"
#include "reference/evaluate.hpp"

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace zfcheck {

// An engine that cannot deliver every result (its process died, its files are unreadable). The message
// names what went wrong and, when known, the case it was on; no partial output is to be presented.
struct EngineFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

using ResultFn = std::function<void(const Case&, const Result&)>;

class Engine {
 public:
  virtual ~Engine() = default;

  // The result's "profile" field: a profile name, or upstream@<short sha>.
  virtual const std::string& name() const = 0;
  // One line on what the engine runs, for report headers.
  virtual std::string summary() const = 0;
  // What evaluates the cases, as a report says it: "the reference model", "upstream's own code".
  virtual std::string evaluator() const = 0;
  // The zfcheck option that selects this engine again, for replay commands: `--profile P` or
  // `--upstream PATH@SHA`.
  virtual std::string replay_option() const = 0;
  // The top-k selection rules the engine models (a model profile's switches), or null where its selection
  // is not modelled (upstream's code runs only the config).
  virtual const Switches* selection_rules() const { return nullptr; }
  // The results of `cases`, in order, into `out` (replacing its contents). Throws EngineFailure. The grid
  // walks below call it for two batches at once, from two threads.
  virtual void evaluate_batch(const std::vector<Case>& cases, std::vector<Result>& out) const = 0;
  // evaluate_batch, and whether `earlier` last answered exactly `cases` with the answers this engine just
  // gave, as far as their records go: then its results are these but for the profile.
  virtual bool evaluate_batch_as_before(const Engine& /*earlier*/, const std::vector<Case>& cases,
                                        std::vector<Result>& out) const {
    evaluate_batch(cases, out);
    return false;
  }
  // fn(case, result) for every grid case in index order. The default walks the grid in batches.
  virtual void for_each_result(const SweepGrid& grid, const ResultFn& fn, Progress* progress) const;
  // fn(cases, results) for consecutive batches of grid cases, in index order.
  void for_each_batch_result(const SweepGrid& grid,
                             const std::function<void(const std::vector<Case>&, const std::vector<Result>&)>& fn,
                             Progress* progress) const;
};

// The model under a profile: evaluate() case by case, with no batching on the grid walk.
class ModelEngine final : public Engine {
 public:
  explicit ModelEngine(Profile profile) : profile_(std::move(profile)) {}
  const std::string& name() const override { return profile_.name; }
  std::string summary() const override { return std::string(profile_.summary); }
  std::string evaluator() const override { return "the reference model"; }
  std::string replay_option() const override { return profile_option(profile_.name); }
  const Switches* selection_rules() const override { return &profile_.switches; }
  void evaluate_batch(const std::vector<Case>& cases, std::vector<Result>& out) const override;
  void for_each_result(const SweepGrid& grid, const ResultFn& fn, Progress* progress) const override;

 private:
  Profile profile_;
};

// On a thread of a grid walk's batch (below, two are evaluated at once): waits until the batch before it is
// evaluated, for what must see the batches in walk order (an engine's runners, whose answers can depend on
// the cases they answered before). Elsewhere it returns at once.
void wait_for_earlier_batches();

// The grid under two engines, fn(case, from_result, to_result) in index order, a batch at a time. With
// `from_walked_grid` (`from` has walked this grid before), where it answered a batch as `to` just did
// (evaluate_batch_as_before), its results there are `to`'s under its own name.
void for_each_result_pair(const SweepGrid& grid, const Engine& from, const Engine& to,
                          const std::function<void(const Case&, const Result&, const Result&)>& fn,
                          Progress* progress, bool from_walked_grid = false);

// One result of each case; the convenience for a handful of cases (a table, a replayed seed).
std::vector<Result> evaluate_all(const Engine& engine, const std::vector<Case>& cases);
// The result of one case (a fix candidate, an explained config).
Result evaluate_one(const Engine& engine, const Case& c);

}  // namespace zfcheck
