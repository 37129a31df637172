// The ranking agent: what one block of a cluster does for its tile of a segment (radix select, compaction).
#pragma once

#include "kernels/core/radix_select.hpp"
#include "kernels/core/score_format.hpp"
#include "kernels/segments.hpp"
#include "kernels/core/tuning.hpp"

#include <cooperative_groups.h>
#include <cub/block/block_scan.cuh>

#include <cstdint>

namespace zfcheck::kernels {

// One segment is ranked by a cluster of kClusterBlocks blocks (sm_90 thread block clusters), block r
// owning the tile tile_begin(count, r) .. tile_begin(count, r + 1) of its keys: each block counts its
// tile's candidates, reads every block's histogram through distributed shared memory and takes the same
// digit step; for the compaction, block r starts after the greater and equal keys of blocks 0 .. r - 1.
template <class T, bool kStaged>
struct AgentRadixSelect {
  using Key = typename ScoreFormat<T>::Key;
  using Scan = cub::BlockScan<unsigned long long, kRankThreads>;

  struct TempStorage {
    std::uint32_t copies[kHistogramCopies * kRadixBins];  // one histogram per warp, summed into histogram
    std::uint32_t histogram[kRadixBins];                  // this block's tile
    std::uint32_t total[kRadixBins];                      // the cluster's: the whole segment
    unsigned long long tile_flags;                        // greater (high 32 bits) and equal keys of the tile
    RadixState<Key> state;
    typename Scan::TempStorage scan;
  };

  TempStorage& temp;
  Key* staged;  // kSharedKeys<Key> keys of dynamic shared memory when kStaged: this block's tile
  const T* scores;
  const RankingSegment& segment;
  int rank;  // this block's rank in the cluster

  __device__ std::int64_t begin() const { return tile_begin(segment.count, rank); }
  __device__ std::int64_t end() const { return tile_begin(segment.count, rank + 1); }

  __device__ Key key_at(std::int64_t i) const {
    if constexpr (kStaged) return staged[i - begin()];
    return ScoreFormat<T>::key(scores[segment.score_begin + i]);
  }

  // choose_digit's step (kernels/core/radix_select.hpp) on the cluster's histogram with warp 0, its lanes
  // in parallel: every lane reads the state, a shuffle scan gives the candidates above each lane's group,
  // a ballot names the one lane whose group holds the target, and only after the whole warp has read the
  // state (__syncwarp) does that lane write it.
  __device__ void choose_digit_warp(int pass) {
    int lane = static_cast<int>(threadIdx.x);
    std::int64_t in_group = lane_group_count(temp.total, lane);
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
      descend_in_group(temp.total, lane, above, pass, temp.state);
  }

  __device__ void run(std::int32_t* indices, Key* taken_keys) {
    namespace cg = cooperative_groups;
    cg::cluster_group cluster = cg::this_cluster();
    if (segment.k == 0) return;  // the whole cluster: no block touches another's shared memory
    int tid = static_cast<int>(threadIdx.x);
    if constexpr (kStaged) {
      for (std::int64_t i = begin() + tid; i < end(); i += kRankThreads)
        staged[i - begin()] = ScoreFormat<T>::key(scores[segment.score_begin + i]);
    }
    if (tid == 0) {
      temp.state = RadixState<Key>{Key(0), Key(0), segment.k};
      temp.tile_flags = 0;
    }
    for (int pass = 0; pass < kRadixPasses<Key>; ++pass) {
      for (int b = tid; b < kHistogramCopies * kRadixBins; b += kRankThreads) temp.copies[b] = 0;
      __syncthreads();
      RadixState<Key> state = temp.state;
      std::uint32_t* copy = temp.copies + histogram_copy(tid) * kRadixBins;
      for (std::int64_t i = begin() + tid; i < end(); i += kRankThreads) {
        Key key = key_at(i);
        if (is_candidate(key, state)) atomicAdd(&copy[radix_digit(key, pass)], 1u);
      }
      __syncthreads();
      for (int b = tid; b < kRadixBins; b += kRankThreads) temp.histogram[b] = merged_count(temp.copies, b);
      cluster.sync();  // every block's tile histogram is complete
      for (int b = tid; b < kRadixBins; b += kRankThreads) {
        std::uint32_t sum = 0;
        for (int r = 0; r < kClusterBlocks; ++r) sum += cluster.map_shared_rank(temp.histogram, r)[b];
        temp.total[b] = sum;
      }
      __syncthreads();
      if (tid < kWarpLanes) choose_digit_warp(pass);
      cluster.sync();  // the state is written, and no block rewrites its histogram while another reads it
    }
    SelectionCut<Key> cut = cut_of(temp.state);
    unsigned long long mine = 0;
    for (std::int64_t i = begin() + tid; i < end(); i += kRankThreads) {
      Key key = key_at(i);
      mine += key > cut.threshold ? (1ull << 32) : key == cut.threshold ? 1ull : 0ull;
    }
    if (mine != 0) atomicAdd(&temp.tile_flags, mine);
    cluster.sync();  // every tile's counts are complete
    unsigned long long base = 0;
    for (int r = 0; r < rank; ++r) base += *cluster.map_shared_rank(&temp.tile_flags, r);
    cluster.sync();  // no block leaves while another still reads its counts
    std::int64_t greater_total = static_cast<std::int64_t>(base >> 32);
    std::int64_t equal_total = static_cast<std::int64_t>(base & 0xFFFF'FFFFull);
    for (std::int64_t tile = begin(); tile < end(); tile += kRankThreads) {
      std::int64_t i = tile + tid;
      Key key = i < end() ? key_at(i) : Key(0);
      bool greater = i < end() && key > cut.threshold;
      bool equal = i < end() && key == cut.threshold;
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
