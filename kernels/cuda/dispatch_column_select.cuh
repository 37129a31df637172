// Dispatch of the column-selection kernels: the __global__ entry points, temporary-storage layout, launches.
#pragma once

#include "kernels/cuda/agent_column_scores.cuh"
#include "kernels/cuda/agent_radix_select.cuh"
#include "kernels/cuda/device_column_select.cuh"

#include <cub/device/device_segmented_sort.cuh>

#include <climits>
#include <cstdint>
#include <vector>

namespace zfcheck::kernels {

template <class T>
__global__ void __launch_bounds__(kScoreWarpsPerBlock* kWarpLanes)
    column_scores_kernel(const T* bucket, const ColumnRun* runs, int run_count, std::int64_t column_count,
                         T* scores) {
  std::int64_t column =
      static_cast<std::int64_t>(blockIdx.x) * kScoreWarpsPerBlock + threadIdx.x / kWarpLanes;
  if (column >= column_count) return;
  AgentColumnScores<T>{bucket, runs, run_count}.score(column, static_cast<int>(threadIdx.x % kWarpLanes),
                                                      scores);
}

template <class T, bool kStaged>
__global__ void __launch_bounds__(kRankThreads)
    segmented_topk_kernel(const T* scores, const RankingSegment* segments, std::int32_t* indices,
                          typename ScoreFormat<T>::Key* taken_keys) {
  using Agent = AgentRadixSelect<T, kStaged>;
  __shared__ typename Agent::TempStorage temp;
  extern __shared__ __align__(16) unsigned char staged_keys[];
  const RankingSegment segment = segments[blockIdx.x];
  Agent{temp, reinterpret_cast<typename Agent::Key*>(staged_keys), scores, segment}.run(indices, taken_keys);
}

namespace dispatch {

inline constexpr std::size_t kAlignment = 256;

inline std::size_t aligned(std::size_t bytes) { return (bytes + kAlignment - 1) / kAlignment * kAlignment; }

// Carves consecutive aligned slices out of the temporary storage (or only adds up their sizes).
class TempLayout {
 public:
  explicit TempLayout(void* base) : base_(static_cast<unsigned char*>(base)) {}
  template <class U>
  U* take(std::size_t count) {
    U* slice = base_ == nullptr ? nullptr : reinterpret_cast<U*>(base_ + used_);
    used_ += aligned(count * sizeof(U));
    return slice;
  }
  std::size_t used() const { return used_; }

 private:
  unsigned char* base_;
  std::size_t used_ = 0;
};

inline bool fits_32_bits(std::int64_t value) { return value >= 0 && value <= INT_MAX; }

template <class T>
cudaError_t scores(TempLayout& layout, bool run_now, const T* d_bucket, std::int64_t bucket_size,
                   std::span<const ColumnRun> runs, T* d_scores, std::int64_t score_count,
                   cudaStream_t stream) {
  ColumnRun* d_runs = layout.take<ColumnRun>(runs.size());
  if (!run_now) return cudaSuccess;
  std::int64_t columns = runs.empty() ? 0 : runs.back().score_begin + runs.back().columns;
  std::int64_t blocks = (columns + kScoreWarpsPerBlock - 1) / kScoreWarpsPerBlock;
  if (!work_fits(runs.data(), static_cast<std::int64_t>(runs.size()), nullptr, 0, bucket_size, score_count,
                 0) ||
      !fits_32_bits(blocks) || !fits_32_bits(static_cast<std::int64_t>(runs.size())) ||
      reinterpret_cast<std::uintptr_t>(d_bucket) % kVectorBytes != 0) {
    return cudaErrorInvalidValue;
  }
  if (columns == 0) return cudaSuccess;
  cudaError_t error = cudaMemcpyAsync(d_runs, runs.data(), runs.size_bytes(), cudaMemcpyHostToDevice, stream);
  if (error != cudaSuccess) return error;
  column_scores_kernel<T><<<static_cast<unsigned>(blocks), kScoreWarpsPerBlock * kWarpLanes, 0, stream>>>(
      d_bucket, d_runs, static_cast<int>(runs.size()), columns, d_scores);
  return cudaGetLastError();
}

template <class T>
cudaError_t topk(TempLayout& layout, bool run_now, const T* d_scores, std::int64_t score_count,
                 std::span<const RankingSegment> segments, SelectionOrder order, std::int32_t* d_indices,
                 std::int64_t index_count, cudaStream_t stream) {
  using Key = typename ScoreFormat<T>::Key;
  bool sorted = order == SelectionOrder::descending_score;
  auto segment_count = static_cast<std::int64_t>(segments.size());
  RankingSegment* d_segments = layout.take<RankingSegment>(segments.size());
  // Descending order: compaction goes to scratch, the stable sort writes d_indices.
  Key* d_taken_keys = sorted ? layout.take<Key>(static_cast<std::size_t>(index_count)) : nullptr;
  Key* d_sorted_keys = sorted ? layout.take<Key>(static_cast<std::size_t>(index_count)) : nullptr;
  std::int32_t* d_taken =
      sorted ? layout.take<std::int32_t>(static_cast<std::size_t>(index_count)) : d_indices;
  std::int64_t* d_bounds = sorted ? layout.take<std::int64_t>(2 * segments.size()) : nullptr;
  std::size_t sort_bytes = 0;
  if (sorted) {
    cudaError_t error = cub::DeviceSegmentedSort::StableSortPairsDescending(
        nullptr, sort_bytes, d_taken_keys, d_sorted_keys, d_taken, d_indices, index_count, segment_count,
        d_bounds, d_bounds + segment_count, stream);
    if (error != cudaSuccess) return error;
  }
  void* d_sort_temp = sorted ? layout.take<unsigned char>(sort_bytes) : nullptr;
  if (!run_now) return cudaSuccess;
  if (!work_fits(nullptr, 0, segments.data(), segment_count, 0, score_count, index_count) ||
      !fits_32_bits(segment_count) || !fits_32_bits(index_count)) {
    return cudaErrorInvalidValue;
  }
  if (segment_count == 0) return cudaSuccess;
  std::int64_t longest = 0;
  for (const RankingSegment& s : segments) longest = s.count > longest ? s.count : longest;
  cudaError_t error =
      cudaMemcpyAsync(d_segments, segments.data(), segments.size_bytes(), cudaMemcpyHostToDevice, stream);
  if (error != cudaSuccess) return error;
  if (longest <= kSharedKeys) {
    segmented_topk_kernel<T, true>
        <<<static_cast<unsigned>(segment_count), kRankThreads, kSharedKeys * sizeof(Key), stream>>>(
            d_scores, d_segments, d_taken, d_taken_keys);
  } else {
    segmented_topk_kernel<T, false><<<static_cast<unsigned>(segment_count), kRankThreads, 0, stream>>>(
        d_scores, d_segments, d_taken, d_taken_keys);
  }
  if ((error = cudaGetLastError()) != cudaSuccess || !sorted) return error;
  std::vector<std::int64_t> bounds(2 * segments.size());
  for (std::size_t i = 0; i < segments.size(); ++i) {
    bounds[i] = segments[i].output_begin;
    bounds[segments.size() + i] = segments[i].output_begin + segments[i].k;
  }
  error = cudaMemcpyAsync(d_bounds, bounds.data(), bounds.size() * sizeof(std::int64_t),
                          cudaMemcpyHostToDevice, stream);
  if (error != cudaSuccess) return error;
  return cub::DeviceSegmentedSort::StableSortPairsDescending(
      d_sort_temp, sort_bytes, d_taken_keys, d_sorted_keys, d_taken, d_indices, index_count, segment_count,
      d_bounds, d_bounds + segment_count, stream);
}

}  // namespace dispatch

template <class T>
cudaError_t DeviceColumnSelect::Scores(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                       const T* d_bucket, std::int64_t bucket_size,
                                       std::span<const ColumnRun> runs, T* d_scores, std::int64_t score_count,
                                       cudaStream_t stream) {
  dispatch::TempLayout layout(d_temp_storage);
  cudaError_t error = dispatch::scores(layout, d_temp_storage != nullptr, d_bucket, bucket_size, runs,
                                       d_scores, score_count, stream);
  if (d_temp_storage == nullptr) temp_storage_bytes = layout.used();
  return error;
}

template <class T>
cudaError_t DeviceColumnSelect::TopK(void* d_temp_storage, std::size_t& temp_storage_bytes, const T* d_scores,
                                     std::int64_t score_count, std::span<const RankingSegment> segments,
                                     SelectionOrder order, std::int32_t* d_indices, std::int64_t index_count,
                                     cudaStream_t stream) {
  dispatch::TempLayout layout(d_temp_storage);
  cudaError_t error = dispatch::topk(layout, d_temp_storage != nullptr, d_scores, score_count, segments,
                                     order, d_indices, index_count, stream);
  if (d_temp_storage == nullptr) temp_storage_bytes = layout.used();
  return error;
}

template <class T>
cudaError_t DeviceColumnSelect::Select(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                       const T* d_bucket, std::int64_t bucket_size,
                                       std::span<const ColumnRun> runs,
                                       std::span<const RankingSegment> segments, SelectionOrder order,
                                       T* d_scores, std::int64_t score_count, std::int32_t* d_indices,
                                       std::int64_t index_count, cudaStream_t stream) {
  dispatch::TempLayout layout(d_temp_storage);
  bool run_now = d_temp_storage != nullptr;
  cudaError_t error =
      dispatch::scores(layout, run_now, d_bucket, bucket_size, runs, d_scores, score_count, stream);
  if (error == cudaSuccess) {
    error = dispatch::topk(layout, run_now, static_cast<const T*>(d_scores), score_count, segments, order,
                           d_indices, index_count, stream);
  }
  if (!run_now) temp_storage_bytes = layout.used();
  return error;
}

}  // namespace zfcheck::kernels
