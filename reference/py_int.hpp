// Python's unbounded int, as the upstream config code computes with it (arbitrary precision, floor semantics).
#pragma once

#include <boost/multiprecision/cpp_int.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace zfcheck::py {

using Int = boost::multiprecision::cpp_int;

// Digits of a decimal integer literal (an optional '-' then ASCII digits); the caller has checked the form.
Int int_from_decimal(std::string_view literal);

// The decimal text Python's str(int) gives.
std::string to_decimal(const Int& value);

// The value when it fits in int64_t, else nothing.
std::optional<std::int64_t> to_int64(const Int& value);

// Python's float(int): correctly rounded, nothing when the result would overflow (Python raises OverflowError).
std::optional<double> to_double(const Int& value);

// Python's a / b for ints (CPython's long_true_divide): the exact quotient correctly rounded to a double,
// half to even, subnormals included; nothing when it is too large for a float (Python's OverflowError).
// `b` is not zero.
std::optional<double> true_divide(const Int& a, const Int& b);

// Python's a // b (floor division); `b` is not zero.
Int floor_div(const Int& a, const Int& b);

// The value clamped into [lo, hi], for loops that only care whether a value lies beyond a small range.
std::int64_t clamp_to(const Int& value, std::int64_t lo, std::int64_t hi);

}  // namespace zfcheck::py
