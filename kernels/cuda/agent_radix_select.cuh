// The ranking agent: what one thread block does for one segment (radix select, then ordered compaction).
#pragma once

#include "kernels/core/radix_select.hpp"
#include "kernels/core/score_format.hpp"
#include "kernels/segments.hpp"
#include "kernels/tuning.hpp"

#include <cub/block/block_scan.cuh>

#include <cstdint>

namespace zfcheck::kernels {

template <class T, bool kStaged>
struct AgentRadixSelect {
  using Key = typename ScoreFormat<T>::Key;
  using Scan = cub::BlockScan<unsigned long long, kRankThreads>;

  struct TempStorage {
    std::uint32_t copies[kHistogramCopies * kRadixBins];  // one histogram per warp, summed into histogram
    std::uint32_t histogram[kRadixBins];
    RadixState<Key> state;
    typename Scan::TempStorage scan;
  };

  TempStorage& temp;
  Key* staged;  // kSharedKeys<Key> keys of dynamic shared memory when kStaged
  const T* scores;
  const RankingSegment& segment;

  __device__ Key key_at(std::int64_t i) const {
    if constexpr (kStaged) return staged[i];
    return ScoreFormat<T>::key(scores[segment.score_begin + i]);
  }

  // choose_digit's step (kernels/core/radix_select.hpp) with warp 0, its lanes in parallel: every lane
  // reads the state, a shuffle scan gives the candidates above each lane's group, a ballot names the one
  // lane whose group holds the target, and only after the whole warp has read the state (__syncwarp)
  // does that lane write it.
  __device__ void choose_digit_warp(int pass) {
    int lane = static_cast<int>(threadIdx.x);
    std::int64_t in_group = lane_group_count(temp.histogram, lane);
    std::int64_t inclusive = in_group;
    for (int offset = 1; offset < kWarpLanes; offset *= 2) {
      std::int64_t before = __shfl_up_sync(0xFFFF'FFFFu, inclusive, offset);
      if (lane >= offset) inclusive += before;
    }
    std::int64_t above = inclusive - in_group;
    bool holds = bucket_holds_target(above, in_group, temp.state.remaining);
    unsigned chosen = __ballot_sync(0xFFFF'FFFFu, holds);
    __syncwarp();
    if (chosen != 0 && lane == __ffs(static_cast<int>(chosen)) - 1)
      descend_in_group(temp.histogram, lane, above, pass, temp.state);
  }

  __device__ void run(std::int32_t* indices, Key* taken_keys) {
    std::int64_t count = segment.count;
    if (segment.k == 0) return;
    int tid = static_cast<int>(threadIdx.x);
    if constexpr (kStaged) {
      for (std::int64_t i = tid; i < count; i += kRankThreads)
        staged[i] = ScoreFormat<T>::key(scores[segment.score_begin + i]);
    }
    if (tid == 0) temp.state = RadixState<Key>{Key(0), Key(0), segment.k};
    for (int pass = 0; pass < kRadixPasses<Key>; ++pass) {
      for (int b = tid; b < kHistogramCopies * kRadixBins; b += kRankThreads) temp.copies[b] = 0;
      __syncthreads();
      RadixState<Key> state = temp.state;
      std::uint32_t* copy = temp.copies + histogram_copy(tid) * kRadixBins;
      for (std::int64_t i = tid; i < count; i += kRankThreads) {
        Key key = key_at(i);
        if (is_candidate(key, state)) atomicAdd(&copy[radix_digit(key, pass)], 1u);
      }
      __syncthreads();
      for (int b = tid; b < kRadixBins; b += kRankThreads) temp.histogram[b] = merged_count(temp.copies, b);
      __syncthreads();
      if (tid < kWarpLanes) choose_digit_warp(pass);
      __syncthreads();
    }
    SelectionCut<Key> cut = cut_of(temp.state);
    std::int64_t greater_total = 0;
    std::int64_t equal_total = 0;
    for (std::int64_t tile = 0; tile < count; tile += kRankThreads) {
      std::int64_t i = tile + tid;
      Key key = i < count ? key_at(i) : Key(0);
      bool greater = i < count && key > cut.threshold;
      bool equal = i < count && key == cut.threshold;
      unsigned long long flags =
          (static_cast<unsigned long long>(greater) << 32) | static_cast<unsigned long long>(equal);
      unsigned long long before = 0;
      unsigned long long tile_total = 0;
      Scan(temp.scan).ExclusiveSum(flags, before, tile_total);
      std::int64_t greater_before = greater_total + static_cast<std::int64_t>(before >> 32);
      std::int64_t equal_before = equal_total + static_cast<std::int64_t>(before & 0xFFFF'FFFFull);
      if ((greater || equal) && is_taken(key, cut, equal_before)) {
        std::int64_t slot = segment.output_begin + taken_before(cut, greater_before, equal_before);
        indices[slot] = static_cast<std::int32_t>(i);
        if (taken_keys != nullptr) taken_keys[slot] = key;
      }
      greater_total += static_cast<std::int64_t>(tile_total >> 32);
      equal_total += static_cast<std::int64_t>(tile_total & 0xFFFF'FFFFull);
      __syncthreads();  // the scan storage is reused by the next tile
    }
  }
};

}  // namespace zfcheck::kernels
