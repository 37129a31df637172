// GPU timings of the column-selection kernels, and the work layout torch_baseline.py replays with torch.
//
//   zfcheck_gpu_bench [--layout FILE] [--reps N]
//
// Prints one JSON object: the scoring pass's bandwidth over a 1 GiB bf16 bucket (32 weights of
// 4096x4096) and the whole selection (scores + top-k, one Select call) for the 7B-layer bucket in stage 2
// over 8 ranks (every rank's chunks) and in stage 3, bf16 and float32, and the ranking alone (one TopK
// call on the scores) for stage 2 bf16. Each call goes through a ColumnSelectPlan built once. --layout writes
// the stage-2 bf16 chunks (bucket offset, rows, columns, k) for the torch side.
#include "kernels/bench/bucket_7b.hpp"
#include "kernels/cuda/device_column_select.cuh"
#include "kernels/cuda/kernel_answer_cuda.hpp"
#include "kernels/selection_work.hpp"

#include <cuda_runtime.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <utility>

namespace zfcheck::bench {
namespace {

void check(cudaError_t error, const char* what) {
  if (error == cudaSuccess) return;
  std::fprintf(stderr, "zfcheck_gpu_bench: %s: %s\n", what, cudaGetErrorString(error));
  std::exit(1);
}

template <class T>
T* device_bucket(std::int64_t count) {
  std::vector<T> host(static_cast<std::size_t>(count));
  Lcg32 lcg(2026);
  for (T& value : host) value = kernels::ScoreFormat<T>::narrow(gradient_value(lcg));
  T* device = nullptr;
  check(cudaMalloc(&device, host.size() * sizeof(T)), "cudaMalloc bucket");
  check(cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice), "copy bucket");
  return device;
}

// Mean milliseconds of `launch` over `reps` runs after three warm-up runs, timed with CUDA events.
template <class Launch>
double time_ms(int reps, Launch&& launch) {
  for (int i = 0; i < 3; ++i) check(launch(), "warm-up");
  check(cudaDeviceSynchronize(), "warm-up sync");
  cudaEvent_t start;
  cudaEvent_t stop;
  check(cudaEventCreate(&start), "event");
  check(cudaEventCreate(&stop), "event");
  check(cudaEventRecord(start), "record");
  for (int i = 0; i < reps; ++i) check(launch(), "launch");
  check(cudaEventRecord(stop), "record");
  check(cudaEventSynchronize(stop), "sync");
  float ms = 0;
  check(cudaEventElapsedTime(&ms, start, stop), "elapsed");
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return ms / reps;
}

kernels::SelectionWork work_for(const ColumnsProblem& problem) {
  auto plan = plan_columns(problem);
  if (!plan) {
    std::fprintf(stderr, "zfcheck_gpu_bench: %s\n", plan.error().message.c_str());
    std::exit(1);
  }
  return kernels::selection_work(*plan);
}

kernels::ColumnSelectPlan plan_for(const kernels::SelectionWork& work, std::int64_t bucket_size) {
  kernels::ColumnSelectPlan plan;
  check(kernels::ColumnSelectPlan::Build(plan, work.runs, work.rankings, work.order, bucket_size,
                                         work.score_count, work.index_count),
        "ColumnSelectPlan::Build");
  return plan;
}

// Microseconds per call of a two-phase entry point `call(temp, temp_bytes)` (size query first).
template <class Call>
double call_us(int reps, Call&& call) {
  std::size_t temp_bytes = 0;
  check(call(nullptr, temp_bytes), "size query");
  void* d_temp = nullptr;
  check(cudaMalloc(&d_temp, temp_bytes + 1), "cudaMalloc temp");
  double ms = time_ms(reps, [&] { return call(d_temp, temp_bytes); });
  cudaFree(d_temp);
  return ms * 1000.0;
}

// Microseconds per Select call (scores + top-k) for the whole bucket, and per TopK call on its scores.
template <class T>
std::pair<double, double> select_and_topk_us(const T* d_bucket, std::int64_t bucket_size,
                                             const kernels::SelectionWork& work, int reps) {
  T* d_scores = nullptr;
  std::int32_t* d_indices = nullptr;
  check(cudaMalloc(&d_scores, static_cast<std::size_t>(work.score_count) * sizeof(T) + 4),
        "cudaMalloc scores");
  check(cudaMalloc(&d_indices, static_cast<std::size_t>(work.index_count) * sizeof(std::int32_t) + 4),
        "cudaMalloc indices");
  kernels::ColumnSelectPlan plan = plan_for(work, bucket_size);
  double select = call_us(reps, [&](void* temp, std::size_t& bytes) {
    return kernels::DeviceColumnSelect::Select<T>(temp, bytes, plan, d_bucket, d_scores, d_indices);
  });
  double topk = call_us(reps, [&](void* temp, std::size_t& bytes) {
    return kernels::DeviceColumnSelect::TopK<T>(temp, bytes, plan, d_scores, d_indices);
  });
  cudaFree(d_indices);
  cudaFree(d_scores);
  return {select, topk};
}

nlohmann::json layout_json(const kernels::SelectionWork& work, std::int64_t bucket_size) {
  nlohmann::json chunks = nlohmann::json::array();
  for (std::size_t i = 0; i < work.runs.size(); ++i) {
    const kernels::ColumnRun& run = work.runs[i];
    chunks.push_back({{"begin", run.bucket_begin},
                      {"rows", run.rows},
                      {"columns", run.columns},
                      {"k", work.rankings[i].k}});
  }
  return {{"dtype", "bfloat16"}, {"bucket_size", bucket_size}, {"chunks", chunks}};
}

int run(int argc, char** argv) {
  std::string layout_path;
  int reps = 20;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string flag = argv[i];
    if (flag == "--layout") layout_path = argv[i + 1];
    if (flag == "--reps") reps = std::atoi(argv[i + 1]);
  }
  if (std::string reason = kernels::cuda_device_unavailable(); !reason.empty()) {
    std::fprintf(stderr, "zfcheck_gpu_bench: no usable GPU: %s\n", reason.c_str());
    return 1;
  }
  cudaDeviceProp props{};
  check(cudaGetDeviceProperties(&props, 0), "device properties");
  nlohmann::json out{{"device", props.name}};

  // Scoring bandwidth: 1 GiB of bf16 gradient.
  std::vector<ParamShape> big(32, ParamShape{4096, 4096});
  std::int64_t big_size = element_count(big);
  auto big_work = work_for(ColumnsProblem{2, 0.1, 1, big, std::nullopt});
  auto* d_big = device_bucket<kernels::bfloat16_bits>(big_size);
  kernels::bfloat16_bits* d_scores = nullptr;
  check(cudaMalloc(&d_scores, static_cast<std::size_t>(big_work.score_count) * 2), "cudaMalloc scores");
  kernels::ColumnSelectPlan big_plan = plan_for(big_work, big_size);
  double scores_ms = call_us(reps,
                             [&](void* temp, std::size_t& bytes) {
                               return kernels::DeviceColumnSelect::Scores<kernels::bfloat16_bits>(
                                   temp, bytes, big_plan, d_big, d_scores);
                             }) /
                     1000.0;
  out["scores_1gib_bf16_ms"] = scores_ms;
  out["scores_1gib_bf16_tbps"] = static_cast<double>(big_size) * 2 / (scores_ms * 1e-3) / 1e12;
  cudaFree(d_scores);
  cudaFree(d_big);

  // The whole selection for the 7B-layer bucket.
  std::int64_t layer_size = element_count(seven_b_layer());
  auto stage2 = work_for(ColumnsProblem{2, 0.1, 8, seven_b_layer(), std::nullopt});
  auto stage3 = work_for(ColumnsProblem{3, 0.1, 8, seven_b_layer(), std::nullopt});
  auto* d_layer16 = device_bucket<kernels::bfloat16_bits>(layer_size);
  auto [select2, topk2] = select_and_topk_us(d_layer16, layer_size, stage2, reps);
  out["select_7b_layer_8ranks_bf16_us"] = select2;
  out["topk_7b_layer_8ranks_bf16_us"] = topk2;
  out["select_7b_layer_stage3_bf16_us"] = select_and_topk_us(d_layer16, layer_size, stage3, reps).first;
  cudaFree(d_layer16);
  auto* d_layer32 = device_bucket<float>(layer_size);
  out["select_7b_layer_8ranks_fp32_us"] = select_and_topk_us(d_layer32, layer_size, stage2, reps).first;
  cudaFree(d_layer32);
  out["select_7b_layer_8ranks_bf16_tbps"] = static_cast<double>(layer_size) * 2 /
                                            (out["select_7b_layer_8ranks_bf16_us"].get<double>() * 1e-6) /
                                            1e12;

  if (!layout_path.empty()) std::ofstream(layout_path) << layout_json(stage2, layer_size).dump() << "\n";
  std::cout << out.dump() << std::endl;
  return 0;
}

}  // namespace
}  // namespace zfcheck::bench

int main(int argc, char** argv) { return zfcheck::bench::run(argc, argv); }
