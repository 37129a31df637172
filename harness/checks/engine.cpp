// The grid walk in batches that engines share, and the model engine.
#include "harness/checks/engine.hpp"

#include <algorithm>
#include <deque>
#include <future>
#include <memory>

namespace zfcheck {

namespace {

constexpr std::uint64_t kGridBatch = 8192;
// Batches evaluated at once: while one is answered, the next one's case lines are written and its kept answers
// read (the runners take the next only once this one is done: wait_for_earlier_batches).
constexpr std::size_t kInFlight = 2;

// A batch of consecutive grid cases and what the walk evaluated for it: one engine's results, or a pair's.
struct EvaluatedBatch {
  std::vector<Case> cases;
  std::vector<Result> first, second;
};

// The batch evaluated before this thread's, while that one may still be in flight (none: not a walk's
// thread).
thread_local const std::shared_future<void>* batch_before = nullptr;

// evaluate(batch) for consecutive grid batches of kGridBatch cases, up to kInFlight at once, each on a thread
// of its own; take(batch) for each in index order on the calling thread. An exception evaluate throws is
// thrown when its batch's turn comes, after the batches still being evaluated are done.
void walk_batches(const SweepGrid& grid, const std::function<void(EvaluatedBatch&)>& evaluate,
                  const std::function<void(const EvaluatedBatch&)>& take, Progress* progress) {
  struct InFlight {
    std::unique_ptr<EvaluatedBatch> batch;
    std::shared_future<void> done;
  };
  std::deque<InFlight> in_flight;  // destroyed (each future waited for) before anything it refers to
  std::uint64_t taken = 0;
  auto take_oldest = [&] {
    InFlight oldest = std::move(in_flight.front());
    in_flight.pop_front();
    oldest.done.get();
    take(*oldest.batch);
    taken += oldest.batch->cases.size();
    if (progress != nullptr) progress->update(taken);
  };
  auto launch = [&](std::vector<Case>& cases) {
    if (in_flight.size() == kInFlight) take_oldest();
    auto batch = std::make_unique<EvaluatedBatch>();
    batch->cases.swap(cases);
    std::shared_future<void> before = in_flight.empty() ? std::shared_future<void>() : in_flight.back().done;
    std::shared_future<void> done =
        std::async(std::launch::async, [&evaluate, b = batch.get(), before = std::move(before)] {
          struct Turn {  // this thread's batch_before while it evaluates its batch
            explicit Turn(const std::shared_future<void>* before) { batch_before = before; }
            ~Turn() { batch_before = nullptr; }
          } turn(&before);
          evaluate(*b);
        });
    in_flight.push_back({std::move(batch), std::move(done)});
  };
  std::vector<Case> cases;
  cases.reserve(kGridBatch);
  grid.for_each([&](const Case& c) {
    cases.push_back(c);
    if (cases.size() < kGridBatch) return;
    launch(cases);
    cases.reserve(kGridBatch);
  });
  if (!cases.empty()) launch(cases);
  while (!in_flight.empty()) take_oldest();
  if (progress != nullptr) progress->finish();
}

}  // namespace

void wait_for_earlier_batches() {
  if (batch_before != nullptr && batch_before->valid()) batch_before->wait();
}

void Engine::for_each_batch_result(
    const SweepGrid& grid, const std::function<void(const std::vector<Case>&, const std::vector<Result>&)>& fn,
    Progress* progress) const {
  walk_batches(
      grid, [&](EvaluatedBatch& batch) { evaluate_batch(batch.cases, batch.first); },
      [&](const EvaluatedBatch& batch) { fn(batch.cases, batch.first); }, progress);
}

void Engine::for_each_result(const SweepGrid& grid, const ResultFn& fn, Progress* progress) const {
  for_each_batch_result(
      grid,
      [&](const std::vector<Case>& batch, const std::vector<Result>& results) {
        for (std::size_t i = 0; i < batch.size(); ++i) fn(batch[i], results[i]);
      },
      progress);
}

void ModelEngine::evaluate_batch(const std::vector<Case>& cases, std::vector<Result>& out) const {
  out.clear();
  out.reserve(cases.size());
  for (const Case& c : cases) out.push_back(evaluate(c, profile_));
}

void ModelEngine::for_each_result(const SweepGrid& grid, const ResultFn& fn, Progress* progress) const {
  grid.for_each([&](const Case& c) { fn(c, evaluate(c, profile_)); }, progress);
}

void for_each_result_pair(const SweepGrid& grid, const Engine& from, const Engine& to,
                          const std::function<void(const Case&, const Result&, const Result&)>& fn,
                          Progress* progress, bool from_walked_grid) {
  walk_batches(
      grid,
      [&](EvaluatedBatch& batch) {
        std::vector<Result>& a = batch.first;
        if (!from_walked_grid) {
          from.evaluate_batch(batch.cases, a);
          to.evaluate_batch(batch.cases, batch.second);
        } else if (to.evaluate_batch_as_before(from, batch.cases, batch.second)) {
          a = batch.second;
          for (Result& r : a) r.profile = from.name();
        } else {
          from.evaluate_batch(batch.cases, a);
        }
      },
      [&](const EvaluatedBatch& batch) {
        for (std::size_t i = 0; i < batch.cases.size(); ++i)
          fn(batch.cases[i], batch.first[i], batch.second[i]);
      },
      progress);
}

std::vector<Result> evaluate_all(const Engine& engine, const std::vector<Case>& cases) {
  std::vector<Result> out;
  engine.evaluate_batch(cases, out);
  return out;
}

Result evaluate_one(const Engine& engine, const Case& c) { return evaluate_all(engine, {c}).front(); }

}  // namespace zfcheck
