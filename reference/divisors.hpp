// Every divisor of a positive 64-bit int, from its prime factors, for searches Python walks one by one.
#pragma once

#include <cstdint>
#include <vector>

namespace zfcheck {

// The divisors of n (n >= 1), ascending: what `[i for i in range(1, n + 1) if n % i == 0]` gives, computed
// from n's prime factorization (Miller-Rabin, deterministic below 2^64, and Pollard's rho) instead of n
// steps.
std::vector<std::int64_t> divisors(std::int64_t n);

}  // namespace zfcheck
