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
