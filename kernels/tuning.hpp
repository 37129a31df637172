// Tuning constants of the column-selection kernels, shared by the CPU build so both run one algorithm.
#pragma once

namespace zfcheck::kernels {

inline constexpr int kWarpLanes = 32;
inline constexpr int kVectorBytes = 16;  // one ld.global.v4 per lane

// Scoring: one warp per column, kScoreWarpsPerBlock warps per block, kScoreUnroll vector loads in flight
// per lane (8 KiB of a 4096-row bf16 column per warp in four rounds).
inline constexpr int kScoreWarpsPerBlock = 8;
inline constexpr int kScoreUnroll = 4;

// Ranking: one block per segment. Segments of up to kSharedKeys<Key> keys are staged in shared memory
// once and every radix pass reads them there; longer ones are re-read from global memory (L2) each pass.
// The staging area is kSharedKeyBytes: with the block's static shared memory it stays under the 48 KiB a
// launch gets without opting in and leaves room for several blocks per SM. The threshold is counted in
// keys of the segment's type: 8 Ki float32 keys, 16 Ki keys of the 16-bit types.
inline constexpr int kRankThreads = 256;
inline constexpr int kSharedKeyBytes = 32 * 1024;
template <class Key>
inline constexpr int kSharedKeys = kSharedKeyBytes / static_cast<int>(sizeof(Key));

// Whether a launch whose longest segment has `longest` keys stages them in shared memory.
template <class Key>
constexpr bool stages_keys(long long longest) {
  return longest <= kSharedKeys<Key>;
}

}  // namespace zfcheck::kernels
