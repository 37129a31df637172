// Tests of the radix-select core: digit steps from histograms, and the cut that the passes end with.
#include "kernels/core/radix_select.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

namespace zfcheck::kernels {
namespace {

// The k-th largest key and how many equal keys are taken, from the core driven over all passes.
SelectionCut<std::uint16_t> cut_for(const std::vector<std::uint16_t>& keys, std::int64_t k) {
  RadixState<std::uint16_t> state{0, 0, k};
  for (int pass = 0; pass < kRadixPasses<std::uint16_t>; ++pass) {
    std::array<std::uint32_t, kRadixBins> histogram{};
    for (auto key : keys) {
      if (is_candidate(key, state)) ++histogram[radix_digit(key, pass)];
    }
    choose_digit(histogram.data(), pass, state);
  }
  return cut_of(state);
}

TEST(RadixSelect, DigitsAreMostSignificantFirst) {
  EXPECT_EQ(radix_digit<std::uint16_t>(0xAB12, 0), 0xABu);
  EXPECT_EQ(radix_digit<std::uint16_t>(0xAB12, 1), 0x12u);
  EXPECT_EQ(radix_digit<std::uint32_t>(0xAB12CD34u, 2), 0xCDu);
}

TEST(RadixSelect, ChooseDigitFindsTheTargetBucket) {
  std::array<std::uint32_t, kRadixBins> histogram{};
  histogram[255] = 2;
  histogram[7] = 3;
  histogram[0] = 5;
  RadixState<std::uint16_t> state{0, 0, 4};  // the 4th largest: 2 above in bucket 255, then bucket 7
  choose_digit(histogram.data(), 0, state);
  EXPECT_EQ(state.prefix, 0x0700);
  EXPECT_EQ(state.mask, 0xFF00);
  EXPECT_EQ(state.remaining, 2);
}

TEST(RadixSelect, WarpLaneGroupsTileTheDigitsFromTheTop) {
  // The warp's split of choose_digit: lane l owns a run of digits, lane 0 the highest, no digit twice.
  std::array<int, kRadixBins> owners{};
  owners.fill(-1);
  for (int lane = 0; lane < kWarpLanes; ++lane) {
    for (int d = 0; d < kDigitsPerLane; ++d) {
      int digit = lane_top_digit(lane) - d;
      ASSERT_GE(digit, 0);
      EXPECT_EQ(owners[static_cast<std::size_t>(digit)], -1) << "digit " << digit;
      owners[static_cast<std::size_t>(digit)] = lane;
    }
  }
  EXPECT_EQ(owners[255], 0);
  EXPECT_EQ(owners[0], kWarpLanes - 1);
  EXPECT_EQ(std::count(owners.begin(), owners.end(), -1), 0);
}

TEST(RadixSelect, ChooseDigitMatchesAScanOfEveryDigit) {
  // Every target rank of random histograms (sparse, and piled onto one or two bins as real scores'
  // top digits are): the lane-group choice descends where a plain scan from digit 255 down does.
  std::mt19937 rng(20261130);
  for (int round = 0; round < 200; ++round) {
    std::array<std::uint32_t, kRadixBins> histogram{};
    int piled = static_cast<int>(rng() % kRadixBins);
    for (int i = 0; i < 40; ++i) histogram[rng() % kRadixBins] += rng() % 5;
    histogram[static_cast<std::size_t>(piled)] += round % 2 == 0 ? 100000 : 0;
    std::int64_t total = 0;
    for (auto count : histogram) total += count;
    for (std::int64_t target = 1; target <= total; target += 1 + total / 97) {
      RadixState<std::uint32_t> state{0, 0, target};
      choose_digit(histogram.data(), 1, state);
      std::int64_t above = 0;
      int digit = kRadixBins - 1;
      while (above + histogram[static_cast<std::size_t>(digit)] < target) {
        above += histogram[static_cast<std::size_t>(digit)];
        --digit;
      }
      EXPECT_EQ(state.prefix, std::uint32_t(digit) << 16) << "target " << target;
      EXPECT_EQ(state.remaining, target - above);
    }
  }
}

TEST(RadixSelect, SpreadHistogramSumsToThePlainOne) {
  // A first pass piled onto one bin, counted as the ranking block does: key i by thread i % kRankThreads
  // into its warp's copy; the merged counts are the plain histogram's.
  std::mt19937 rng(7);
  std::array<std::uint32_t, kHistogramCopies * kRadixBins> copies{};
  std::array<std::uint32_t, kRadixBins> plain{};
  for (std::int64_t i = 0; i < 20000; ++i) {
    auto digit = static_cast<int>(rng() % 3 == 0 ? rng() % kRadixBins : 0x3F);
    ++copies[static_cast<std::size_t>(histogram_copy(i) * kRadixBins + digit)];
    ++plain[static_cast<std::size_t>(digit)];
  }
  for (int digit = 0; digit < kRadixBins; ++digit)
    EXPECT_EQ(merged_count(copies.data(), digit), plain[static_cast<std::size_t>(digit)]) << digit;
  EXPECT_EQ(histogram_copy(0), 0);
  EXPECT_EQ(histogram_copy(kWarpLanes), 1);
  EXPECT_EQ(histogram_copy(kRankThreads - 1), kHistogramCopies - 1);
  EXPECT_EQ(histogram_copy(kRankThreads), 0);  // thread 0 again, next tile
}

TEST(RadixSelect, TilesSplitASegmentInOrderAndTheLastIsTheLongest) {
  for (std::int64_t count : {0, 1, 7, 8, 9, 100, 4095, 11008, 65537}) {
    EXPECT_EQ(tile_begin(count, 0), 0);
    EXPECT_EQ(tile_begin(count, kClusterBlocks), count);
    std::int64_t longest = 0;
    for (int rank = 0; rank < kClusterBlocks; ++rank) {
      std::int64_t length = tile_begin(count, rank + 1) - tile_begin(count, rank);
      EXPECT_GE(length, 0);
      longest = std::max(longest, length);
    }
    EXPECT_EQ(count - tile_begin(count, kClusterBlocks - 1), longest) << count;
    EXPECT_EQ(longest, (count + kClusterBlocks - 1) / kClusterBlocks) << count;
  }
}

TEST(RadixSelect, StagingThresholdIsCountedInKeysPerTile) {
  EXPECT_EQ(kSharedKeys<std::uint16_t>, 2 * kSharedKeys<std::uint32_t>);
  std::int64_t float_segment = std::int64_t{kClusterBlocks} * kSharedKeys<std::uint32_t>;
  EXPECT_TRUE(stages_keys<std::uint32_t>(float_segment));
  EXPECT_FALSE(stages_keys<std::uint32_t>(float_segment + 1));
  EXPECT_TRUE(stages_keys<std::uint16_t>(float_segment + 1));
  EXPECT_TRUE(stages_keys<std::uint16_t>(2 * float_segment));
  EXPECT_FALSE(stages_keys<std::uint16_t>(2 * float_segment + 1));
}

TEST(RadixSelect, CutMatchesSortingOnRandomKeys) {
  std::mt19937 rng(5);
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<std::uint16_t> keys(1 + rng() % 200);
    std::uint16_t spread =
        static_cast<std::uint16_t>(trial % 3 == 0 ? 4 : 0xFFFF);  // many ties every third trial
    for (auto& key : keys) key = static_cast<std::uint16_t>(rng() % (spread + 1u));
    std::int64_t k = 1 + static_cast<std::int64_t>(rng() % keys.size());
    auto sorted = keys;
    std::sort(sorted.begin(), sorted.end(), std::greater<>());
    auto cut = cut_for(keys, k);
    EXPECT_EQ(cut.threshold, sorted[static_cast<std::size_t>(k - 1)]);
    auto greater = std::count_if(keys.begin(), keys.end(), [&](auto key) { return key > cut.threshold; });
    EXPECT_EQ(greater + cut.equal_quota, k);
  }
}

TEST(RadixSelect, TakenKeysAndSlots) {
  SelectionCut<std::uint16_t> cut{10, 2};
  EXPECT_TRUE(is_taken<std::uint16_t>(11, cut, 5));
  EXPECT_TRUE(is_taken<std::uint16_t>(10, cut, 1));
  EXPECT_FALSE(is_taken<std::uint16_t>(10, cut, 2));
  EXPECT_FALSE(is_taken<std::uint16_t>(9, cut, 0));
  EXPECT_EQ(taken_before(cut, 3, 1), 4);
  EXPECT_EQ(taken_before(cut, 3, 7), 5);
}

}  // namespace
}  // namespace zfcheck::kernels
