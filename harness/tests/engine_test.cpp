// The grid walks in batches: two batches evaluated at once and taken in order, what must see them in walk
// order seeing them so, an engine failure thrown at its batch's turn; for_each_result_pair: where the first
// engine answered a batch before as the second just did, the second's results stand for both under the
// first's name and the first is not asked again; elsewhere each engine answers.
#include "harness/checks/engine.hpp"
#include "harness/reports/profile_diff.hpp"
#include "test_support.hpp"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

namespace zfcheck {
namespace {

// The model under a profile as an engine of the test's own, which says what it is as the model does: the
// engines below change only how they evaluate.
class ModelBackedEngine : public Engine {
 public:
  explicit ModelBackedEngine(std::string_view profile) : inner_(testing::model(profile)) {}
  const std::string& name() const override { return inner_.name(); }
  std::string summary() const override { return inner_.summary(); }
  std::string evaluator() const override { return inner_.evaluator(); }
  std::string replay_option() const override { return inner_.replay_option(); }

 protected:
  ModelEngine inner_;
};

// A model engine that counts the batches it is asked for and says, as told, whether its answers are
// another's.
class CountingEngine final : public ModelBackedEngine {
 public:
  CountingEngine(std::string_view profile, bool alike) : ModelBackedEngine(profile), alike_(alike) {}
  void evaluate_batch(const std::vector<Case>& cases, std::vector<Result>& out) const override {
    ++batches;
    inner_.evaluate_batch(cases, out);
  }
  bool evaluate_batch_as_before(const Engine&, const std::vector<Case>& cases,
                                std::vector<Result>& out) const override {
    evaluate_batch(cases, out);
    return alike_;
  }
  mutable std::atomic<int> batches = 0;

 private:
  bool alike_;
};

const SweepGrid& schedule_grid() {
  static const SweepGrid grid(*builtin_grid_blocks({"schedule"}));
  return grid;
}

TEST(ResultPairWalk, aBatchAnsweredAlikeTakesTheSecondEnginesResultsUnderTheFirstsName) {
  CountingEngine from("pr-8456-4ffc94ea", false), to("pr-8456", true);
  std::uint64_t pairs = 0;
  for_each_result_pair(
      schedule_grid(), from, to,
      [&](const Case&, const Result& a, const Result& b) {
        ++pairs;
        EXPECT_EQ(a.profile, "pr-8456-4ffc94ea");
        EXPECT_EQ(b.profile, "pr-8456");
        EXPECT_EQ(a.outcome, b.outcome);
        EXPECT_EQ(a.config.has_value(), b.config.has_value());
      },
      nullptr, true);
  EXPECT_EQ(pairs, schedule_grid().size());
  EXPECT_EQ(from.batches, 0);
  EXPECT_GT(to.batches, 0);
}

// The first engine's own results, where it has not walked the grid before or answered a batch differently.
void expect_each_answers_its_own(const CountingEngine& from, const CountingEngine& to,
                                 bool from_walked_grid) {
  std::uint64_t differing = 0;
  for_each_result_pair(
      schedule_grid(), from, to,
      [&](const Case&, const Result& a, const Result& b) {
        EXPECT_EQ(a.profile, "pr-8456-4ffc94ea");
        differing += !describe_change(a, b).empty();
      },
      nullptr, from_walked_grid);
  EXPECT_EQ(from.batches, to.batches);
  EXPECT_GT(differing, 0u);  // the fix commit changes schedule cases
}

TEST(ResultPairWalk, aGridTheFirstEngineHasNotWalkedIsAnsweredByEach) {
  expect_each_answers_its_own(CountingEngine("pr-8456-4ffc94ea", true), CountingEngine("pr-8456", true),
                              false);
}

TEST(ResultPairWalk, aBatchAnsweredDifferentlyIsAnsweredByEach) {
  expect_each_answers_its_own(CountingEngine("pr-8456-4ffc94ea", false), CountingEngine("pr-8456", false),
                              true);
}

// The model under a profile, whose first batch waits (up to a minute) until another is evaluated alongside
// it, and which fails on the batch holding case `failing` (none: no failure); it records the most batches it
// evaluated at once.
class OverlapEngine final : public ModelBackedEngine {
 public:
  explicit OverlapEngine(std::string failing = "")
      : ModelBackedEngine("pr-8456"), failing_(std::move(failing)) {}
  void evaluate_batch(const std::vector<Case>& cases, std::vector<Result>& out) const override {
    {
      std::unique_lock lock(mutex_);
      ++running_;
      most_ = std::max(most_, running_);
      changed_.notify_all();
      if (first_) {
        first_ = false;
        changed_.wait_for(lock, std::chrono::minutes(1), [&] { return running_ > 1; });
      }
    }
    inner_.evaluate_batch(cases, out);
    std::lock_guard lock(mutex_);
    --running_;
    for (const Case& c : cases) {
      if (case_line(c) == failing_) throw EngineFailure("failing on " + failing_);
    }
  }
  int most() const {
    std::lock_guard lock(mutex_);
    return most_;
  }

 private:
  std::string failing_;
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  mutable int running_ = 0, most_ = 0;
  mutable bool first_ = true;
};

TEST(GridWalk, evaluatesTwoBatchesAtOnceAndTakesThemInOrder) {
  OverlapEngine engine;
  std::uint64_t next = 0;
  engine.for_each_result(
      schedule_grid(),
      [&](const Case& c, const Result& r) {
        EXPECT_EQ(case_line(c), case_line(schedule_grid().at(next)));
        EXPECT_EQ(r.id, c.id);
        ++next;
      },
      nullptr);
  EXPECT_EQ(next, schedule_grid().size());
  EXPECT_EQ(engine.most(), 2);
}

TEST(GridWalk, anEngineFailureIsThrownAtItsBatchsTurnAfterEveryCaseBeforeIt) {
  const SweepGrid& grid = schedule_grid();
  const std::uint64_t failing = grid.size() / 2;
  OverlapEngine engine(case_line(grid.at(failing)));
  std::uint64_t taken = 0;
  try {
    engine.for_each_result(
        grid, [&](const Case& c, const Result&) { EXPECT_EQ(case_line(c), case_line(grid.at(taken++))); },
        nullptr);
    ADD_FAILURE() << "no EngineFailure";
  } catch (const EngineFailure& e) {
    EXPECT_EQ(std::string(e.what()), "failing on " + case_line(grid.at(failing)));
  }
  EXPECT_GT(taken, 0u);
  EXPECT_LE(taken, failing);  // its batch's results never reached the walk
}

// The model under a profile, whose batches each record when they get past wait_for_earlier_batches (as an
// engine's runners do); the first waits there (up to a minute) until the second batch has come to it.
class OrderedEngine final : public ModelBackedEngine {
 public:
  OrderedEngine() : ModelBackedEngine("pr-8456") {}
  void evaluate_batch(const std::vector<Case>& cases, std::vector<Result>& out) const override {
    inner_.evaluate_batch(cases, out);
    {
      std::unique_lock lock(mutex_);
      ++waiting_;
      changed_.notify_all();
      if (first_) {
        first_ = false;
        changed_.wait_for(lock, std::chrono::minutes(1), [&] { return waiting_ > 1; });
      }
    }
    wait_for_earlier_batches();
    std::lock_guard lock(mutex_);
    passed_.push_back(case_line(cases.front()));
  }
  std::vector<std::string> passed() const {
    std::lock_guard lock(mutex_);
    return passed_;
  }

 private:
  mutable std::mutex mutex_;
  mutable std::condition_variable changed_;
  mutable int waiting_ = 0;
  mutable bool first_ = true;
  mutable std::vector<std::string> passed_;  // each batch's first case line, as it got past the wait
};

TEST(GridWalk, whatWaitsForEarlierBatchesSeesTheBatchesInWalkOrder) {
  OrderedEngine engine;
  std::vector<std::string> firsts;  // each batch's first case line, in walk order
  engine.for_each_batch_result(
      schedule_grid(),
      [&](const std::vector<Case>& batch, const std::vector<Result>&) {
        firsts.push_back(case_line(batch.front()));
      },
      nullptr);
  EXPECT_GT(firsts.size(), 2u);
  EXPECT_EQ(engine.passed(), firsts);
}

}  // namespace
}  // namespace zfcheck
