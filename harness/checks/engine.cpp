// The grid walk in batches that engines share, and the model engine.
#include "harness/checks/engine.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

constexpr std::uint64_t kGridBatch = 8192;

// Calls fn(batch) with consecutive grid cases, kGridBatch at a time.
void for_each_batch(const SweepGrid& grid, const std::function<void(const std::vector<Case>&)>& fn,
                    Progress* progress) {
  std::vector<Case> batch;
  batch.reserve(kGridBatch);
  std::uint64_t done = 0;
  grid.for_each([&](const Case& c) {
    batch.push_back(c);
    if (batch.size() < kGridBatch) return;
    fn(batch);
    done += batch.size();
    batch.clear();
    if (progress != nullptr) progress->update(done);
  });
  if (!batch.empty()) fn(batch);
  if (progress != nullptr) progress->finish();
}

}  // namespace

void Engine::for_each_batch_result(
    const SweepGrid& grid, const std::function<void(const std::vector<Case>&, const std::vector<Result>&)>& fn,
    Progress* progress) const {
  std::vector<Result> results;
  for_each_batch(
      grid,
      [&](const std::vector<Case>& batch) {
        evaluate_batch(batch, results);
        fn(batch, results);
      },
      progress);
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
  std::vector<Result> a, b;
  for_each_batch(
      grid,
      [&](const std::vector<Case>& batch) {
        if (!from_walked_grid) {
          from.evaluate_batch(batch, a);
          to.evaluate_batch(batch, b);
        } else if (to.evaluate_batch_as_before(from, batch, b)) {
          a = b;
          for (Result& r : a) r.profile = from.name();
        } else {
          from.evaluate_batch(batch, a);
        }
        for (std::size_t i = 0; i < batch.size(); ++i) fn(batch[i], a[i], b[i]);
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
