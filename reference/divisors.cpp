// Divisors of a 64-bit int by factorization: deterministic Miller-Rabin, Pollard's rho (Brent's cycle
// finding), then every product of the prime powers.
#include "reference/divisors.hpp"

#include <algorithm>
#include <numeric>

namespace zfcheck {

namespace {

__extension__ using Wide = unsigned __int128;  // the product of two 64-bit residues

std::uint64_t mul_mod(std::uint64_t a, std::uint64_t b, std::uint64_t m) {
  return static_cast<std::uint64_t>(static_cast<Wide>(a) * b % m);
}

std::uint64_t pow_mod(std::uint64_t base, std::uint64_t exponent, std::uint64_t m) {
  std::uint64_t result = 1 % m;
  for (base %= m; exponent > 0; exponent >>= 1) {
    if (exponent & 1) result = mul_mod(result, base, m);
    base = mul_mod(base, base, m);
  }
  return result;
}

// Miller-Rabin with the first twelve primes as witnesses: exact for every n below 2^64.
bool is_prime(std::uint64_t n) {
  constexpr std::uint64_t kWitnesses[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
  if (n < 2) return false;
  for (std::uint64_t p : kWitnesses) {
    if (n % p == 0) return n == p;
  }
  std::uint64_t d = n - 1;
  int twos = 0;
  for (; d % 2 == 0; d /= 2) ++twos;
  for (std::uint64_t a : kWitnesses) {
    std::uint64_t x = pow_mod(a, d, n);
    if (x == 1 || x == n - 1) continue;
    bool composite = true;
    for (int r = 1; r < twos && composite; ++r) {
      x = mul_mod(x, x, n);
      composite = x != n - 1;
    }
    if (composite) return false;
  }
  return true;
}

// A non-trivial factor of an odd composite n (Pollard's rho with Brent's cycle finding, batched gcds).
std::uint64_t some_factor(std::uint64_t n) {
  for (std::uint64_t c = 1;; ++c) {
    const auto step = [&](std::uint64_t x) { return (mul_mod(x, x, n) + c) % n; };
    std::uint64_t y = 2, x = 2, ys = 2, g = 1, q = 1;
    constexpr std::uint64_t kBatch = 128;
    for (std::uint64_t r = 1; g == 1; r *= 2) {
      x = y;
      for (std::uint64_t i = 0; i < r; ++i) y = step(y);
      for (std::uint64_t k = 0; k < r && g == 1; k += kBatch) {
        ys = y;
        for (std::uint64_t i = 0; i < std::min(kBatch, r - k); ++i) {
          y = step(y);
          q = mul_mod(q, x > y ? x - y : y - x, n);
        }
        g = std::gcd(q, n);
      }
    }
    if (g == n) {  // the batch overshot: walk it again one gcd at a time
      do {
        ys = step(ys);
        g = std::gcd(x > ys ? x - ys : ys - x, n);
      } while (g == 1);
    }
    if (g != n) return g;
  }
}

void prime_factors(std::uint64_t n, std::vector<std::uint64_t>& out) {
  for (std::uint64_t p : {2, 3, 5, 7, 11, 13}) {
    for (; n % p == 0; n /= p) out.push_back(p);
  }
  if (n == 1) return;
  if (is_prime(n)) {
    out.push_back(n);
    return;
  }
  const std::uint64_t f = some_factor(n);
  prime_factors(f, out);
  prime_factors(n / f, out);
}

}  // namespace

std::vector<std::int64_t> divisors(std::int64_t n) {
  std::vector<std::uint64_t> primes;
  prime_factors(static_cast<std::uint64_t>(n), primes);
  std::sort(primes.begin(), primes.end());
  std::vector<std::int64_t> out{1};
  for (std::size_t i = 0; i < primes.size();) {
    std::size_t j = i;
    while (j < primes.size() && primes[j] == primes[i]) ++j;
    const std::size_t before = out.size();
    std::int64_t power = 1;
    for (std::size_t e = i; e < j; ++e) {
      power *= static_cast<std::int64_t>(primes[i]);
      for (std::size_t k = 0; k < before; ++k) out.push_back(out[k] * power);
    }
    i = j;
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace zfcheck
