// ColumnSelectPlan: the column-selection work (runs of columns, ranking segments) checked once on the host
// and copied once to the device, for the launches of kernels/cuda/device_column_select.cuh.
#pragma once

#include "kernels/core/score_format.hpp"
#include "kernels/segments.hpp"

#include <cuda_runtime.h>

#include <cstdint>
#include <span>

namespace zfcheck::kernels {

// The work on the device, built once; owns its device memory. Move-only.
class ColumnSelectPlan {
 public:
  ColumnSelectPlan() = default;
  ~ColumnSelectPlan();
  ColumnSelectPlan(ColumnSelectPlan&& other) noexcept;
  ColumnSelectPlan& operator=(ColumnSelectPlan&& other) noexcept;
  ColumnSelectPlan(const ColumnSelectPlan&) = delete;
  ColumnSelectPlan& operator=(const ColumnSelectPlan&) = delete;

  // Checks the work against buffers of bucket_size values, score_count scores and index_count indices,
  // and copies it to the device. cudaErrorInvalidValue when it does not fit.
  static cudaError_t Build(ColumnSelectPlan& plan, std::span<const ColumnRun> runs,
                           std::span<const RankingSegment> segments, SelectionOrder order,
                           std::int64_t bucket_size, std::int64_t score_count, std::int64_t index_count);

  // What the launches need from the host side (the descriptors themselves stay on the device).
  const ColumnRun* d_runs = nullptr;
  int run_count = 0;
  std::int64_t column_count = 0;
  const RankingSegment* d_segments = nullptr;
  const std::int64_t* d_sort_bounds = nullptr;  // segment begins then ends in the indices, for the sort
  int segment_count = 0;
  std::int64_t longest = 0;
  SelectionOrder order = SelectionOrder::ascending_index;
  std::int64_t bucket_size = 0;
  std::int64_t score_count = 0;
  std::int64_t index_count = 0;

 private:
  void release();
  void* d_memory_ = nullptr;
};

}  // namespace zfcheck::kernels
