// Conversions between Python ints, decimal text and machine numbers.
#include "reference/py_int.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace zfcheck::py {

Int int_from_decimal(std::string_view literal) {
  bool negative = !literal.empty() && literal.front() == '-';
  if (negative) literal.remove_prefix(1);
  Int value = 0;
  // Eighteen digits at a time keep the multiply-adds on machine words.
  while (!literal.empty()) {
    std::size_t take = std::min<std::size_t>(literal.size(), 18);
    std::uint64_t chunk = 0;
    std::uint64_t scale = 1;
    for (std::size_t i = 0; i < take; ++i) {
      chunk = chunk * 10 + static_cast<std::uint64_t>(literal[i] - '0');
      scale *= 10;
    }
    value = value * scale + chunk;
    literal.remove_prefix(take);
  }
  return negative ? Int(-value) : value;
}

std::string to_decimal(const Int& value) { return value.str(); }

Int floor_div(const Int& a, const Int& b) {
  Int q = a / b;  // truncates toward zero
  if (q * b != a && ((a < 0) != (b < 0))) --q;
  return q;
}

std::optional<std::int64_t> to_int64(const Int& value) {
  if (value < std::numeric_limits<std::int64_t>::min() || value > std::numeric_limits<std::int64_t>::max()) {
    return std::nullopt;
  }
  return value.convert_to<std::int64_t>();
}

std::optional<double> to_double(const Int& value) {
  if (auto small = to_int64(value); small && *small > -(std::int64_t{1} << 53) && *small < (std::int64_t{1} << 53)) {
    return static_cast<double>(*small);
  }
  // strtod rounds a decimal string of any length correctly, as Python's int.__float__ does.
  std::string text = to_decimal(value);
  errno = 0;
  double result = std::strtod(text.c_str(), nullptr);
  if (errno == ERANGE && std::isinf(result)) return std::nullopt;
  return result;
}

std::optional<double> true_divide(const Int& a, const Int& b) {
  const bool negative = (a < 0) != (b < 0);
  const Int n = abs(a), d = abs(b);
  if (n == 0) return negative ? -0.0 : 0.0;
  const auto bits = [](const Int& x) { return static_cast<long>(boost::multiprecision::msb(x)) + 1; };
  // q = floor(n * 2**shift / d) holds 55 or 56 bits; the quotient is (q + r / d) * 2**-shift.
  const long shift = 55 - (bits(n) - bits(d));
  Int q, r;
  boost::multiprecision::divide_qr(shift >= 0 ? Int(n << shift) : n, shift >= 0 ? d : Int(d << -shift), q, r);
  const long exponent = bits(q) - 1 - shift;  // the quotient lies in [2**exponent, 2**(exponent + 1))
  if (exponent > 1023) return std::nullopt;
  // 53 bits, fewer for a subnormal result; below half the smallest subnormal it rounds to zero.
  const long precision = exponent >= -1022 ? 53 : 53 - (-1022 - exponent);
  if (precision < 0) return negative ? -0.0 : 0.0;
  const long drop = bits(q) - precision;
  const Int dropped = q & ((Int(1) << drop) - 1);
  const Int half = Int(1) << (drop - 1);
  q >>= drop;
  if (dropped > half || (dropped == half && (r != 0 || (q & 1) != 0))) q += 1;
  const double magnitude = std::ldexp(q.convert_to<double>(), static_cast<int>(drop - shift));
  if (std::isinf(magnitude)) return std::nullopt;
  return negative ? -magnitude : magnitude;
}

std::int64_t clamp_to(const Int& value, std::int64_t lo, std::int64_t hi) {
  if (value < lo) return lo;
  if (value > hi) return hi;
  return value.convert_to<std::int64_t>();
}

}  // namespace zfcheck::py
