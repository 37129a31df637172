// Python's int(a / b), math.ceil(a / b) and int(x) for the float arithmetic upstream's column formulas use,
// on 64-bit ints.
#pragma once

#include "reference/error.hpp"

#include <tl/expected.hpp>

#include <cstdint>

namespace zfcheck::py {

// Python's int(a / b) for ints a, b: the quotient correctly rounded to a double (Python's int true
// division), then truncated toward zero. ZeroDivisionError for b == 0; a RuntimeError when the result
// does not fit in int64 (every use of it reaches torch, which cannot hold it).
tl::expected<std::int64_t, Error> int_of_true_division(std::int64_t a, std::int64_t b);

// Python's math.ceil(a / b): the same correctly rounded quotient, rounded up.
tl::expected<std::int64_t, Error> ceil_of_true_division(std::int64_t a, std::int64_t b);

// Python's int(x) for a float x: truncation toward zero. ValueError for NaN, OverflowError for +-Inf, and
// RuntimeError when the value does not fit in int64 (as above).
tl::expected<std::int64_t, Error> int_of_float(double x);

// Python's int(ratio * n) for a float ratio and an int n (n converted to float first, as Python does).
tl::expected<std::int64_t, Error> int_of_product(double ratio, std::int64_t n);

}  // namespace zfcheck::py
