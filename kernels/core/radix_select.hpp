// The radix-select core: from per-digit histograms to the k-th largest key, and which keys are taken.
#pragma once

#include "kernels/core/host_device.hpp"
#include "kernels/core/tuning.hpp"

#include <cstdint>

namespace zfcheck::kernels {

inline constexpr int kRadixBits = 8;
inline constexpr int kRadixBins = 1 << kRadixBits;

template <class Key>
inline constexpr int kRadixPasses = static_cast<int>(sizeof(Key)) * 8 / kRadixBits;

// Most significant digit first.
template <class Key>
ZF_HOST_DEVICE unsigned radix_digit(Key key, int pass) {
  int shift = static_cast<int>(sizeof(Key)) * 8 - (pass + 1) * kRadixBits;
  return static_cast<unsigned>(key >> shift) & (kRadixBins - 1);
}

// The search so far: candidates are the keys matching `prefix` on the `mask` bits fixed by earlier
// passes; the k-th largest key overall is the `remaining`-th largest candidate.
template <class Key>
struct RadixState {
  Key prefix = 0;
  Key mask = 0;
  std::int64_t remaining = 0;
};

template <class Key>
ZF_HOST_DEVICE bool is_candidate(Key key, const RadixState<Key>& state) {
  return Key(key & state.mask) == state.prefix;
}

// The histogram of a pass, spread: real scores share their top exponent bits, so the first pass's digits
// pile onto one or two bins and a single shared histogram serialises the block's atomic adds there. Each
// warp of a ranking block counts into its own copy (thread t into copy histogram_copy(t)), and the copies
// are summed per digit before the digit is chosen. Counts are integers: the sum is the same whatever the
// order, and the CPU build counts key i into the copy of the thread that reads it (i % kRankThreads).
inline constexpr int kHistogramCopies = kRankThreads / kWarpLanes;

ZF_HOST_DEVICE int histogram_copy(std::int64_t thread) {
  return static_cast<int>(thread % kRankThreads) / kWarpLanes;
}

ZF_HOST_DEVICE std::uint32_t merged_count(const std::uint32_t* copies, int digit) {
  std::uint32_t count = 0;
  for (int c = 0; c < kHistogramCopies; ++c) count += copies[c * kRadixBins + digit];
  return count;
}

// A digit bucket with `in_bucket` candidates, `above` of them in higher buckets, holds the target.
ZF_HOST_DEVICE bool bucket_holds_target(std::int64_t above, std::int64_t in_bucket, std::int64_t remaining) {
  return above < remaining && remaining <= above + in_bucket;
}

// Fix this pass's digit to the target's bucket.
template <class Key>
ZF_HOST_DEVICE void descend(RadixState<Key>& state, int pass, unsigned digit, std::int64_t above) {
  int shift = static_cast<int>(sizeof(Key)) * 8 - (pass + 1) * kRadixBits;
  state.prefix = Key(state.prefix | Key(Key(digit) << shift));
  state.mask = Key(state.mask | Key(Key(kRadixBins - 1) << shift));
  state.remaining -= above;
}

// The pass's step as a warp takes it: lane l owns the kDigitsPerLane digits from 255 - l * kDigitsPerLane
// down; an exclusive scan over the lanes' group counts gives the candidates above each group, and the one
// lane whose group holds the target walks its digits. The device runs the lanes in parallel
// (agent_radix_select.cuh); choose_digit replays them in turn, so the CPU build tests the same steps.
inline constexpr int kDigitsPerLane = kRadixBins / kWarpLanes;

ZF_HOST_DEVICE int lane_top_digit(int lane) { return kRadixBins - 1 - lane * kDigitsPerLane; }

ZF_HOST_DEVICE std::int64_t lane_group_count(const std::uint32_t* histogram, int lane) {
  std::int64_t in_group = 0;
  for (int d = 0; d < kDigitsPerLane; ++d) in_group += histogram[lane_top_digit(lane) - d];
  return in_group;
}

// In the group of the lane holding the target (`above` candidates in higher groups): descend into the
// target's digit.
template <class Key>
ZF_HOST_DEVICE void descend_in_group(const std::uint32_t* histogram, int lane, std::int64_t above, int pass,
                                     RadixState<Key>& state) {
  for (int d = 0; d < kDigitsPerLane; ++d) {
    int digit = lane_top_digit(lane) - d;
    if (bucket_holds_target(above, histogram[digit], state.remaining)) {
      descend(state, pass, static_cast<unsigned>(digit), above);
      return;
    }
    above += histogram[digit];
  }
}

template <class Key>
ZF_HOST_DEVICE void choose_digit(const std::uint32_t* histogram, int pass, RadixState<Key>& state) {
  std::int64_t above = 0;
  for (int lane = 0; lane < kWarpLanes; ++lane) {
    std::int64_t in_group = lane_group_count(histogram, lane);
    if (bucket_holds_target(above, in_group, state.remaining)) {
      descend_in_group(histogram, lane, above, pass, state);
      return;
    }
    above += in_group;
  }
}

// After the last pass: every key above `threshold` is taken, and the first `equal_quota` keys equal to
// it in index order (ties go to the lower index).
template <class Key>
struct SelectionCut {
  Key threshold = 0;
  std::int64_t equal_quota = 0;
};

template <class Key>
ZF_HOST_DEVICE SelectionCut<Key> cut_of(const RadixState<Key>& state) {
  return {state.prefix, state.remaining};
}

template <class Key>
ZF_HOST_DEVICE bool is_taken(Key key, const SelectionCut<Key>& cut, std::int64_t equal_before) {
  return key > cut.threshold || (key == cut.threshold && equal_before < cut.equal_quota);
}

// Where a taken key goes in the ascending-index output: taken keys before it.
template <class Key>
ZF_HOST_DEVICE std::int64_t taken_before(const SelectionCut<Key>& cut, std::int64_t greater_before,
                                std::int64_t equal_before) {
  return greater_before + (equal_before < cut.equal_quota ? equal_before : cut.equal_quota);
}

}  // namespace zfcheck::kernels
