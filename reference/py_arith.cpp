// Correctly rounded int/int true division and float-to-int truncation, as CPython computes them.
#include "reference/py_arith.hpp"

#include <bit>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

namespace zfcheck::py {

namespace {

__extension__ typedef unsigned __int128 u128;  // exact products of two 64-bit values

constexpr int kMantissaBits = 52;  // explicit fraction bits of a double

Error beyond_int64(const std::string& what) {
  return Error{"RuntimeError", std::nullopt, "Overflow when unpacking long (" + what + " exceeds int64)"};
}

// RN(n / d) for n >= 0, d >= 1, the double nearest to n / d (ties to even): its integer part and whether
// it has a fractional part.
struct NearestQuotient {
  u128 whole = 0;
  bool fraction = false;
};

NearestQuotient nearest_quotient(std::uint64_t n, std::uint64_t d) {
  if (n < d) {
    // n/d in [0, 1) rounds to 1.0 iff it is at least the midpoint 1 - 2^-54 between 1 - 2^-53 and 1.0
    // (a tie goes to 1.0, whose significand is even).
    if (u128{n} << 54 >= u128{d} * ((u128{1} << 54) - 1)) return {1, false};
    return {0, n != 0};
  }
  std::uint64_t whole = n / d;
  std::uint64_t rem = n % d;
  int exponent = std::bit_width(whole) - 1;  // n/d lies in [2^exponent, 2^(exponent+1))
  if (exponent <= kMantissaBits) {
    // Scale so the significand's last bit is the unit, divide exactly, round the remainder to even.
    int shift = kMantissaBits - exponent;
    u128 scaled = u128{n} << shift;
    u128 significand = scaled / d;
    u128 dropped = scaled % d;
    if (2 * dropped > d || (2 * dropped == d && (significand & 1))) ++significand;
    u128 fraction_mask = (u128{1} << shift) - 1;
    return {significand >> shift, (significand & fraction_mask) != 0};
  }
  // Above 2^53 the double is an integer: round `whole + rem/d` to a multiple of 2^drop.
  int drop = exponent - kMantissaBits;
  std::uint64_t significand = whole >> drop;
  std::uint64_t low = whole & ((std::uint64_t{1} << drop) - 1);
  std::uint64_t half = std::uint64_t{1} << (drop - 1);
  if (low > half || (low == half && (rem > 0 || (significand & 1)))) ++significand;
  return {u128{significand} << drop, false};
}

std::uint64_t magnitude(std::int64_t v) {
  return v < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
}

// A signed magnitude as int64, or the overflow error naming `what`.
tl::expected<std::int64_t, Error> signed_int64(u128 value, bool negative, const std::string& what) {
  constexpr u128 kMaxPositive = static_cast<u128>(std::numeric_limits<std::int64_t>::max());
  if (value > kMaxPositive + (negative ? 1 : 0)) return tl::unexpected(beyond_int64(what));
  if (!negative) return static_cast<std::int64_t>(value);
  return value == 0 ? 0 : -static_cast<std::int64_t>(value - 1) - 1;
}

std::string division_text(const char* function, std::int64_t a, std::int64_t b) {
  return std::string(function) + "(" + std::to_string(a) + " / " + std::to_string(b) + ")";
}

}  // namespace

tl::expected<std::int64_t, Error> int_of_true_division(std::int64_t a, std::int64_t b) {
  if (b == 0) return tl::unexpected(Error{"ZeroDivisionError", std::nullopt, "division by zero"});
  bool negative = (a < 0) != (b < 0);
  return signed_int64(nearest_quotient(magnitude(a), magnitude(b)).whole, negative,
                      division_text("int", a, b));
}

tl::expected<std::int64_t, Error> ceil_of_true_division(std::int64_t a, std::int64_t b) {
  if (b == 0) return tl::unexpected(Error{"ZeroDivisionError", std::nullopt, "division by zero"});
  bool negative = (a < 0) != (b < 0);
  NearestQuotient q = nearest_quotient(magnitude(a), magnitude(b));
  // Toward +Inf: a positive value with a fraction goes up; a negative one truncates.
  u128 whole = q.whole + (q.fraction && !negative ? 1 : 0);
  return signed_int64(whole, negative, division_text("math.ceil", a, b));
}

tl::expected<std::int64_t, Error> int_of_float(double x) {
  if (std::isnan(x))
    return tl::unexpected(Error{"ValueError", std::nullopt, "cannot convert float NaN to integer"});
  if (std::isinf(x)) {
    return tl::unexpected(Error{"OverflowError", std::nullopt, "cannot convert float infinity to integer"});
  }
  double truncated = std::trunc(x);
  // 2^63 is exactly representable; every double below it in magnitude (and -2^63 itself) fits.
  if (truncated >= 0x1p63 || truncated < -0x1p63) {
    char text[32];
    std::snprintf(text, sizeof text, "int(%.17g)", x);
    return tl::unexpected(beyond_int64(text));
  }
  return static_cast<std::int64_t>(truncated);
}

tl::expected<std::int64_t, Error> int_of_product(double ratio, std::int64_t n) {
  return int_of_float(ratio * static_cast<double>(n));
}

}  // namespace zfcheck::py
