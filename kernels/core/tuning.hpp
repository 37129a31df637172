// Tuning constants of the column-selection kernels, shared by the CPU build so both run one algorithm.
#pragma once

#include "kernels/core/host_device.hpp"

#include <cstdint>

namespace zfcheck::kernels {

inline constexpr int kWarpLanes = 32;
inline constexpr int kVectorBytes = 16;  // one ld.global.v4 per lane

// Scoring: one warp per column, kScoreWarpsPerBlock warps per block, kScoreUnroll vector loads in flight
// per lane (8 KiB of a 4096-row bf16 column per warp in four rounds).
inline constexpr int kScoreWarpsPerBlock = 8;
inline constexpr int kScoreUnroll = 4;

// Ranking: one cluster of kClusterBlocks blocks per segment (sm_90 thread block clusters, 8 the portable
// most), each block ranking one tile of the segment's keys, so a bucket's handful of segments spreads over
// the GPU (a 7B layer gives about 15 segments in stage 2, 7 in stage 3). A block stages its tile in shared
// memory once when every tile of the launch fits kSharedKeyBytes (and every radix pass reads it there);
// otherwise every pass re-reads the tile from global memory (L2). With the block's static shared memory
// the staging area stays under the 48 KiB a launch gets without opting in. The threshold is counted in
// keys of the segment's type: tiles of up to 8 Ki float32 keys, 16 Ki keys of the 16-bit types.
inline constexpr int kRankThreads = 256;
inline constexpr int kClusterBlocks = 8;
inline constexpr int kSharedKeyBytes = 32 * 1024;
template <class Key>
inline constexpr int kSharedKeys = kSharedKeyBytes / static_cast<int>(sizeof(Key));

// Where tile `rank` of a segment of `count` keys starts (tile kClusterBlocks ends the segment).
ZF_HOST_DEVICE std::int64_t tile_begin(std::int64_t count, int rank) { return count * rank / kClusterBlocks; }

// Whether a launch whose longest segment has `longest` keys stages its tiles in shared memory.
template <class Key>
ZF_HOST_DEVICE bool stages_keys(std::int64_t longest) {
  return longest - tile_begin(longest, kClusterBlocks - 1) <= kSharedKeys<Key>;
}

}  // namespace zfcheck::kernels
