// Python's int/float/bool mixing for the few operations DeepSpeedConfig's batch derivation uses.
#include "reference/py_number.hpp"

#include "reference/py_arith.hpp"
#include "reference/py_json.hpp"

#include <cmath>

namespace zfcheck::py {

namespace {

// A bool as the int it computes as (Python's bool is an int subclass); ints and floats as they are.
Number arithmetic(const Number& n) {
  if (const bool* b = std::get_if<bool>(&n)) return Int(*b ? 1 : 0);
  return n;
}

tl::expected<double, Error> as_float(const Number& n) {
  if (const double* f = std::get_if<double>(&n)) return *f;
  auto d = to_double(std::get<Int>(n));
  if (!d) return tl::unexpected(raised("OverflowError", "int too large to convert to float"));
  return *d;
}

// CPython's float floor division (_float_div_mod): fmod, then the quotient corrected toward the floor.
double float_floor_divide(double vx, double wx) {
  double mod = std::fmod(vx, wx);
  double div = (vx - mod) / wx;
  if (mod != 0.0) {
    if ((wx < 0) != (mod < 0)) div -= 1.0;
  }
  if (div == 0.0) return std::copysign(0.0, vx / wx);
  double floordiv = std::floor(div);
  if (div - floordiv > 0.5) floordiv += 1.0;
  return floordiv;
}

}  // namespace

std::optional<Number> number_of(const Value& v) {
  if (const bool* b = v.as<bool>()) return Number(*b);
  if (const Int* i = v.as<Int>()) return Number(*i);
  if (const double* d = v.as<double>()) return Number(*d);
  return std::nullopt;
}

bool number_truthy(const Number& n) {
  const Number a = arithmetic(n);
  if (const Int* i = int_of(a)) return *i != 0;
  return std::get<double>(a) != 0.0;
}

std::string number_text(const Number& n) {
  if (const Int* i = int_of(n)) return to_decimal(*i);
  if (const bool* b = std::get_if<bool>(&n)) return *b ? "True" : "False";
  return float_repr(std::get<double>(n));
}

const Int* int_of(const Number& n) { return std::get_if<Int>(&n); }

std::partial_ordering number_compare(const Number& a_given, const Number& b_given) {
  const Number a = arithmetic(a_given);
  const Number b = arithmetic(b_given);
  const Int* ai = int_of(a);
  const Int* bi = int_of(b);
  auto ints = [](const Int& x, const Int& y) {
    return x < y ? std::partial_ordering::less
                 : (x > y ? std::partial_ordering::greater : std::partial_ordering::equivalent);
  };
  if (ai && bi) return ints(*ai, *bi);
  if (!ai && !bi) return std::get<double>(a) <=> std::get<double>(b);
  const Int& i = ai ? *ai : *bi;
  const double f = ai ? std::get<double>(b) : std::get<double>(a);
  // i against f, exactly: against f's floor (an integral double converts exactly), then its fraction.
  std::partial_ordering int_to_float = std::partial_ordering::unordered;
  if (std::isinf(f)) {
    int_to_float = f > 0 ? std::partial_ordering::less : std::partial_ordering::greater;
  } else if (!std::isnan(f)) {
    const double floor = std::floor(f);
    int_to_float = ints(i, Int(floor));
    if (int_to_float == std::partial_ordering::equivalent && floor != f)
      int_to_float = std::partial_ordering::less;
  }
  return ai ? int_to_float : 0 <=> int_to_float;
}

bool number_equals(const Number& a, const Number& b) {
  return number_compare(a, b) == std::partial_ordering::equivalent;
}

bool number_positive(const Number& n) {
  if (const bool* b = std::get_if<bool>(&n)) return *b;
  if (const Int* i = int_of(n)) return *i > 0;
  return std::get<double>(n) > 0;
}

tl::expected<Number, Error> number_multiply(const Number& a_given, const Number& b_given) {
  const Number a = arithmetic(a_given);
  const Number b = arithmetic(b_given);
  if (int_of(a) && int_of(b)) return Number(*int_of(a) * *int_of(b));
  auto x = as_float(a);
  if (!x) return tl::unexpected(x.error());
  auto y = as_float(b);
  if (!y) return tl::unexpected(y.error());
  return Number(*x * *y);
}

tl::expected<Number, Error> number_floor_divide(const Number& a_given, const Number& b_given) {
  const Number a = arithmetic(a_given);
  const Number b = arithmetic(b_given);
  if (int_of(a) && int_of(b)) {
    if (*int_of(b) == 0)
      return tl::unexpected(raised("ZeroDivisionError", "integer division or modulo by zero"));
    return Number(floor_div(*int_of(a), *int_of(b)));
  }
  auto x = as_float(a);
  if (!x) return tl::unexpected(x.error());
  auto y = as_float(b);
  if (!y) return tl::unexpected(y.error());
  if (*y == 0.0) return tl::unexpected(raised("ZeroDivisionError", "float floor division by zero"));
  return Number(float_floor_divide(*x, *y));
}

tl::expected<Number, Error> number_remainder(const Number& a_given, const Number& b_given) {
  const Number a = arithmetic(a_given);
  const Number b = arithmetic(b_given);
  if (int_of(a) && int_of(b)) return Number(Int(*int_of(a) - floor_div(*int_of(a), *int_of(b)) * *int_of(b)));
  auto x = as_float(a);
  if (!x) return tl::unexpected(x.error());
  auto y = as_float(b);
  if (!y) return tl::unexpected(y.error());
  // CPython's float_rem: fmod, moved to the divisor's sign; a zero result takes the divisor's sign.
  double mod = std::fmod(*x, *y);
  if (mod != 0.0) {
    if ((*y < 0) != (mod < 0)) mod += *y;
  } else {
    mod = std::copysign(0.0, *y);
  }
  return Number(mod);
}

tl::expected<double, Error> number_true_divide(const Number& a_given, const Number& b_given) {
  const Number a = arithmetic(a_given);
  const Number b = arithmetic(b_given);
  if (int_of(a) && int_of(b)) {
    if (*int_of(b) == 0) return tl::unexpected(raised("ZeroDivisionError", "division by zero"));
    auto q = true_divide(*int_of(a), *int_of(b));
    if (!q) return tl::unexpected(raised("OverflowError", "integer division result too large for a float"));
    return *q;
  }
  auto x = as_float(a);
  if (!x) return tl::unexpected(x.error());
  auto y = as_float(b);
  if (!y) return tl::unexpected(y.error());
  if (*y == 0.0) return tl::unexpected(raised("ZeroDivisionError", "float division by zero"));
  return *x / *y;
}

tl::expected<Int, Error> int_of_number(const Number& n) {
  const Number a = arithmetic(n);
  if (const Int* i = int_of(a)) return *i;
  const double x = std::get<double>(a);
  if (!std::isfinite(x)) return tl::unexpected(int_of_float(x).error());  // its NaN and infinity errors
  return Int(std::trunc(x));
}

void write_json_number(std::string& out, const Number& n) {
  if (const Int* i = int_of(n)) {
    write_json_int(out, *i);
  } else if (const bool* b = std::get_if<bool>(&n)) {
    out += *b ? "true" : "false";
  } else {
    write_json_float(out, std::get<double>(n));
  }
}

}  // namespace zfcheck::py
