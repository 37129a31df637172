// Throughput of the in-process sweep on one core: grid case, model and invariants, no JSON.
#include "harness/checks/invariants.hpp"
#include "harness/checks/sweep.hpp"
#include "harness/checks/sweep_grid.hpp"
#include "reference/profile.hpp"

#include <benchmark/benchmark.h>

namespace {

using namespace zfcheck;

const Profile& profile_at(std::int64_t i) { return builtin_profiles().at(static_cast<std::size_t>(i)); }

// The whole sweep() of one profile: grid decoding, evaluate, violation_mask, counts and minimal examples.
void BM_Sweep(benchmark::State& state) {
  const SweepGrid& grid = SweepGrid::builtin();
  const Profile& profile = profile_at(state.range(0));
  const ModelEngine engine(profile);
  std::uint64_t findings = 0;
  for (auto _ : state) {
    SweepReport report = sweep(grid, engine);
    findings += report.findings.size();
    benchmark::DoNotOptimize(report);
  }
  state.SetLabel(profile.name);
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(grid.size()));
  state.counters["cases"] = static_cast<double>(grid.size());
  benchmark::DoNotOptimize(findings);
}
BENCHMARK(BM_Sweep)->DenseRange(0, 3)->Unit(benchmark::kMillisecond);

// One case at a time (the inner step of the sweep without its bookkeeping), cycling through the grid.
void BM_CaseModelInvariants(benchmark::State& state) {
  const SweepGrid& grid = SweepGrid::builtin();
  const Profile& profile = profile_at(state.range(0));
  std::uint64_t index = 0;
  ViolationMask seen = 0;
  for (auto _ : state) {
    Case c = grid.at(index);
    Result r = evaluate(c, profile);
    seen |= violation_mask(c, r);
    index = index + 1 == grid.size() ? 0 : index + 1;
  }
  state.SetLabel(profile.name);
  state.SetItemsProcessed(state.iterations());
  benchmark::DoNotOptimize(seen);
}
BENCHMARK(BM_CaseModelInvariants)->DenseRange(0, 3);

}  // namespace

BENCHMARK_MAIN();
