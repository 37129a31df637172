// Tests of divisors (reference/divisors): against trial division, and on 64-bit ints trial division cannot
// reach.
#include "reference/divisors.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

namespace zfcheck {
namespace {

std::vector<std::int64_t> by_trial(std::int64_t n) {
  std::vector<std::int64_t> out;
  for (std::int64_t i = 1; i <= n; ++i) {
    if (n % i == 0) out.push_back(i);
  }
  return out;
}

TEST(Divisors, AgreeWithTrialDivisionUpTo5000) {
  for (std::int64_t n = 1; n <= 5000; ++n) ASSERT_EQ(divisors(n), by_trial(n)) << n;
}

RC_GTEST_PROP(Divisors, EachDividesAndEveryDivisorIsThere, ()) {
  const auto n = *rc::gen::inRange<std::int64_t>(1, std::int64_t{1} << 40);
  const auto found = divisors(n);
  for (std::int64_t d : found) RC_ASSERT(n % d == 0);
  // Each divisor pairs with n / d; counting those up to the square root counts them all.
  std::size_t count = 0;
  for (std::int64_t i = 1; i * i <= n; ++i) {
    if (n % i == 0) count += i * i == n ? 1 : 2;
  }
  RC_ASSERT(found.size() == count);
  RC_ASSERT(std::is_sorted(found.begin(), found.end()));
}

TEST(Divisors, LargeSemiprimesAndPrimePowers) {
  // 2^61 - 1 is prime; the product of the two primes nearest 2^31.5 is a semiprime near 2^63.
  EXPECT_EQ(divisors(2305843009213693951LL), (std::vector<std::int64_t>{1, 2305843009213693951LL}));
  EXPECT_EQ(divisors(3037000493LL * 3037000453LL),
            (std::vector<std::int64_t>{1, 3037000453LL, 3037000493LL, 3037000493LL * 3037000453LL}));
  EXPECT_EQ(divisors(std::int64_t{1} << 62).size(), 63u);
  EXPECT_EQ(divisors(720720).size(), 240u);          // the largest highly composite number in HCN_LIST
  const auto top = divisors(9223372036854775807LL);  // 2^63 - 1 = 7^2 * 73 * 127 * 337 * 92737 * 649657
  EXPECT_EQ(top.size(), 96u);
  EXPECT_EQ(std::vector<std::int64_t>(top.begin(), top.begin() + 8),
            (std::vector<std::int64_t>{1, 7, 49, 73, 127, 337, 511, 889}));
  EXPECT_EQ(top.back(), 9223372036854775807LL);
}

}  // namespace
}  // namespace zfcheck
