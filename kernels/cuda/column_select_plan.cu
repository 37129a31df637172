// ColumnSelectPlan: the work checked once on the host and copied once to the device.
#include "kernels/cuda/column_select_plan.cuh"

#include "kernels/cuda/dispatch_column_select.cuh"

#include <tuple>
#include <utility>
#include <vector>

namespace zfcheck::kernels {

ColumnSelectPlan::~ColumnSelectPlan() { release(); }

ColumnSelectPlan::ColumnSelectPlan(ColumnSelectPlan&& other) noexcept { *this = std::move(other); }

ColumnSelectPlan& ColumnSelectPlan::operator=(ColumnSelectPlan&& other) noexcept {
  if (this != &other) {
    release();
    d_runs = other.d_runs;
    run_count = other.run_count;
    column_count = other.column_count;
    d_segments = other.d_segments;
    d_sort_bounds = other.d_sort_bounds;
    segment_count = other.segment_count;
    longest = other.longest;
    order = other.order;
    bucket_size = other.bucket_size;
    score_count = other.score_count;
    index_count = other.index_count;
    d_memory_ = std::exchange(other.d_memory_, nullptr);
  }
  return *this;
}

void ColumnSelectPlan::release() {
  if (d_memory_ != nullptr) cudaFree(d_memory_);
  d_memory_ = nullptr;
}

cudaError_t ColumnSelectPlan::Build(ColumnSelectPlan& plan, std::span<const ColumnRun> runs,
                                    std::span<const RankingSegment> segments, SelectionOrder order,
                                    std::int64_t bucket_size, std::int64_t score_count,
                                    std::int64_t index_count) {
  auto run_count = static_cast<std::int64_t>(runs.size());
  auto segment_count = static_cast<std::int64_t>(segments.size());
  std::int64_t columns = runs.empty() ? 0 : runs.back().score_begin + runs.back().columns;
  if (!work_fits(runs.data(), run_count, segments.data(), segment_count, bucket_size, score_count,
                 index_count) ||
      !dispatch::fits_32_bits(run_count) || !dispatch::fits_32_bits(segment_count * kClusterBlocks) ||
      !dispatch::fits_32_bits(index_count) ||
      !dispatch::fits_32_bits((columns + kScoreWarpsPerBlock - 1) / kScoreWarpsPerBlock)) {
    return cudaErrorInvalidValue;
  }
  std::vector<std::int64_t> bounds(2 * segments.size());
  std::int64_t longest = 0;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    bounds[i] = segments[i].output_begin;
    bounds[segments.size() + i] = segments[i].output_begin + segments[i].k;
    longest = segments[i].count > longest ? segments[i].count : longest;
  }
  dispatch::TempLayout sizing(nullptr);
  sizing.take<ColumnRun>(runs.size());
  sizing.take<RankingSegment>(segments.size());
  sizing.take<std::int64_t>(bounds.size());
  ColumnSelectPlan built;
  if (sizing.used() > 0) {
    cudaError_t error = cudaMalloc(&built.d_memory_, sizing.used());
    if (error != cudaSuccess) return error;
  }
  dispatch::TempLayout layout(built.d_memory_);
  ColumnRun* d_runs = layout.take<ColumnRun>(runs.size());
  RankingSegment* d_segments = layout.take<RankingSegment>(segments.size());
  std::int64_t* d_bounds = layout.take<std::int64_t>(bounds.size());
  for (auto [to, from, bytes] :
       {std::tuple<void*, const void*, std::size_t>{d_runs, runs.data(), runs.size_bytes()},
        {d_segments, segments.data(), segments.size_bytes()},
        {d_bounds, bounds.data(), bounds.size() * sizeof(std::int64_t)}}) {
    if (bytes == 0) continue;
    cudaError_t error = cudaMemcpy(to, from, bytes, cudaMemcpyHostToDevice);
    if (error != cudaSuccess) return error;
  }
  built.d_runs = d_runs;
  built.run_count = static_cast<int>(run_count);
  built.column_count = columns;
  built.d_segments = d_segments;
  built.d_sort_bounds = d_bounds;
  built.segment_count = static_cast<int>(segment_count);
  built.longest = longest;
  built.order = order;
  built.bucket_size = bucket_size;
  built.score_count = score_count;
  built.index_count = index_count;
  plan = std::move(built);
  return cudaSuccess;
}

}  // namespace zfcheck::kernels
