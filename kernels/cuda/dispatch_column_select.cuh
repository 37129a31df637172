// Dispatch of the column-selection kernels: the __global__ entry points, temporary-storage layout, launches.
// The device layer (device_column_select.cu) builds its API on these; dispatch knows only the plan.
#pragma once

#include "kernels/cuda/agent_column_scores.cuh"
#include "kernels/cuda/agent_radix_select.cuh"
#include "kernels/cuda/column_select_plan.cuh"
#include "kernels/cuda/pending_error.cuh"

#include <cub/device/device_segmented_sort.cuh>

#include <climits>
#include <cstdint>

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

// Cluster s ranks segment s (kernels/cuda/agent_radix_select.cuh).
template <class T, bool kStaged>
__global__ void __cluster_dims__(kClusterBlocks, 1, 1) __launch_bounds__(kRankThreads)
    segmented_topk_kernel(const T* scores, const RankingSegment* segments, std::int32_t* indices,
                          typename ScoreFormat<T>::Key* taken_keys) {
  using Agent = AgentRadixSelect<T, kStaged>;
  __shared__ typename Agent::TempStorage temp;
  extern __shared__ __align__(16) unsigned char staged_keys[];  // kSharedKeyBytes when kStaged
  const RankingSegment segment = segments[blockIdx.x / kClusterBlocks];
  int rank = static_cast<int>(cooperative_groups::this_cluster().block_rank());
  Agent{temp, reinterpret_cast<typename Agent::Key*>(staged_keys), scores, segment, rank}.run(indices,
                                                                                            taken_keys);
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

// cub::DeviceSegmentedSort sorts more segments than its partitioning threshold (300 or 500, by
// architecture) with a device-to-host copy and a stream synchronisation, which a CUDA graph cannot
// capture: stage 3's sort goes kSortSegmentsPerCall segments a call, each call on the capturable path.
inline constexpr int kSortSegmentsPerCall = 256;

inline bool fits_32_bits(std::int64_t value) { return value >= 0 && value <= INT_MAX; }

template <class T>
cudaError_t scores(const ColumnSelectPlan& plan, bool run_now, const T* d_bucket, T* d_scores,
                   cudaStream_t stream) {
  if (!run_now) return cudaSuccess;
  if (reinterpret_cast<std::uintptr_t>(d_bucket) % kVectorBytes != 0) return cudaErrorInvalidValue;
  if (plan.column_count == 0) return cudaSuccess;
  auto blocks = static_cast<unsigned>((plan.column_count + kScoreWarpsPerBlock - 1) / kScoreWarpsPerBlock);
  column_scores_kernel<T><<<blocks, kScoreWarpsPerBlock * kWarpLanes, 0, stream>>>(
      d_bucket, plan.d_runs, plan.run_count, plan.column_count, d_scores);
  return cudaPeekAtLastError();
}

template <class T>
cudaError_t topk(TempLayout& layout, bool run_now, const ColumnSelectPlan& plan, const T* d_scores,
                 std::int32_t* d_indices, cudaStream_t stream) {
  using Key = typename ScoreFormat<T>::Key;
  bool sorted = plan.order == SelectionOrder::descending_score;
  auto index_count = static_cast<std::size_t>(plan.index_count);
  // Descending order: compaction goes to scratch, the stable sort writes d_indices.
  Key* d_taken_keys = sorted ? layout.take<Key>(index_count) : nullptr;
  Key* d_sorted_keys = sorted ? layout.take<Key>(index_count) : nullptr;
  std::int32_t* d_taken = sorted ? layout.take<std::int32_t>(index_count) : d_indices;
  // The stable sort, kSortSegmentsPerCall segments (from `first`) a call; `temp` null: the size query.
  std::size_t sort_bytes = 0;
  auto sort = [&](void* temp, int first) {
    int segments = plan.segment_count - first < kSortSegmentsPerCall ? plan.segment_count - first
                                                                      : kSortSegmentsPerCall;
    return cub::DeviceSegmentedSort::StableSortPairsDescending(
        temp, sort_bytes, d_taken_keys, d_sorted_keys, d_taken, d_indices, plan.index_count, segments,
        plan.d_sort_bounds + first, plan.d_sort_bounds + plan.segment_count + first, stream);
  };
  cudaError_t error = cudaSuccess;
  if (sorted && (error = sort(nullptr, 0)) != cudaSuccess) return error;
  void* d_sort_temp = sorted ? layout.take<unsigned char>(sort_bytes) : nullptr;
  if (!run_now || plan.segment_count == 0) return cudaSuccess;
  auto blocks = static_cast<unsigned>(plan.segment_count) * kClusterBlocks;
  if (stages_keys<Key>(plan.longest)) {
    segmented_topk_kernel<T, true>
        <<<blocks, kRankThreads, kSharedKeyBytes, stream>>>(d_scores, plan.d_segments, d_taken, d_taken_keys);
  } else {
    segmented_topk_kernel<T, false>
        <<<blocks, kRankThreads, 0, stream>>>(d_scores, plan.d_segments, d_taken, d_taken_keys);
  }
  if ((error = cudaPeekAtLastError()) != cudaSuccess || !sorted) return error;
  for (int first = 0; first < plan.segment_count && error == cudaSuccess; first += kSortSegmentsPerCall)
    error = sort(d_sort_temp, first);
  return error;
}

// CUB's two phases: `phases(layout, run_now)` lays out (and, when running, uses) the temporary storage.
// The size query reports what the layout needs; the running call first checks it was given that much.
// Both leave an earlier pending error to its owner (kernels/cuda/pending_error.cuh).
template <class Phases>
cudaError_t two_phase(void* d_temp_storage, std::size_t& temp_storage_bytes, Phases&& phases) {
  return apart_from_pending_error([&] {
    TempLayout sizing(nullptr);
    cudaError_t error = phases(sizing, false);
    if (error != cudaSuccess) return error;
    if (d_temp_storage == nullptr) {
      temp_storage_bytes = sizing.used();
      return cudaSuccess;
    }
    if (temp_storage_bytes < sizing.used()) return cudaErrorInvalidValue;
    TempLayout layout(d_temp_storage);
    return phases(layout, true);
  });
}

}  // namespace dispatch

}  // namespace zfcheck::kernels
