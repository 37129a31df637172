// Google Benchmark: the oracle and the kernel algorithm's CPU build selecting columns of the 7B-layer bucket.
#include "kernels/bench/bucket_7b.hpp"
#include "kernels/core/score_format.hpp"
#include "kernels/cpu/column_select_cpu.hpp"
#include "kernels/selection_work.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <benchmark/benchmark.h>

#include <memory>

namespace zfcheck::bench {
namespace {

// Stage 2, topk_ratio 0.1, the bucket split evenly over 8 ranks: every rank's chunks, as one bucket.
SelectionProblem layer_problem(GradDtype dtype) {
  SelectionProblem problem{ColumnsProblem{2, 0.1, 8, seven_b_layer(), std::nullopt}, dtype, {}};
  problem.bucket.resize(static_cast<std::size_t>(element_count(problem.layout.params)));
  Lcg32 lcg(2026);
  for (float& value : problem.bucket) value = round_to_dtype(gradient_value(lcg), dtype);
  return problem;
}

// One fixture at a time (the fp32 bucket alone is 810 MB).
const SelectionProblem& cached_problem(GradDtype dtype) {
  static std::unique_ptr<SelectionProblem> cached;
  if (!cached || cached->dtype != dtype) {
    cached.reset();
    cached = std::make_unique<SelectionProblem>(layer_problem(dtype));
  }
  return *cached;
}

std::int64_t gradient_bytes(const SelectionProblem& problem) {
  return static_cast<std::int64_t>(problem.bucket.size()) * (problem.dtype == GradDtype::float32 ? 4 : 2);
}

void oracle(benchmark::State& state, GradDtype dtype) {
  const SelectionProblem& problem = cached_problem(dtype);
  for (auto _ : state) benchmark::DoNotOptimize(oracle_answer(problem));
  state.SetBytesProcessed(state.iterations() * gradient_bytes(problem));
}

template <class T>
void cpu_build(benchmark::State& state, GradDtype dtype) {
  const SelectionProblem& problem = cached_problem(dtype);
  auto work = kernels::selection_work(plan_selection(problem).value());
  std::vector<T> bucket;
  bucket.reserve(problem.bucket.size());
  for (float value : problem.bucket) bucket.push_back(kernels::ScoreFormat<T>::narrow(value));
  std::vector<T> scores(static_cast<std::size_t>(work.score_count));
  std::vector<std::int32_t> indices(static_cast<std::size_t>(work.index_count));
  for (auto _ : state) {
    kernels::cpu::column_scores<T>(bucket, work.runs, scores);
    kernels::cpu::segmented_topk<T>(scores, work.rankings, work.order, indices);
    benchmark::DoNotOptimize(indices.data());
  }
  state.SetBytesProcessed(state.iterations() * gradient_bytes(problem));
}

void oracle_float32(benchmark::State& state) { oracle(state, GradDtype::float32); }
void cpu_build_float32(benchmark::State& state) { cpu_build<float>(state, GradDtype::float32); }
void oracle_bfloat16(benchmark::State& state) { oracle(state, GradDtype::bfloat16); }
void cpu_build_bfloat16(benchmark::State& state) {
  cpu_build<kernels::bfloat16_bits>(state, GradDtype::bfloat16);
}

// Registered in this order so each dtype's bucket is built once.
BENCHMARK(oracle_float32)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(cpu_build_float32)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(oracle_bfloat16)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(cpu_build_bfloat16)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
}  // namespace zfcheck::bench

BENCHMARK_MAIN();
