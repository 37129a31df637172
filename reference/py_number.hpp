// A Python int or float: what DeepSpeedConfig's batch values are once a float world size enters them.
#pragma once

#include "reference/error.hpp"
#include "reference/py_int.hpp"

#include <tl/expected.hpp>

#include <optional>
#include <string>
#include <variant>

namespace zfcheck::py {

// An int stays an int until a float enters the arithmetic, as in Python. Two numbers are equal (==) when
// both their kind and value are: 4 and 4.0 print differently, so a result holding one is not the other's.
using Number = std::variant<Int, double>;

// str(number): the int's digits or the float's repr.
std::string number_text(const Number& n);
// The int, or nothing for a float.
const Int* int_of(const Number& n);
// Python's comparisons between ints and floats, exact (a float NaN compares false).
bool number_equals(const Number& a, const Number& b);
bool number_positive(const Number& n);  // n > 0
// Python's a * b and a // b: ints stay ints; with a float, the int is converted first (OverflowError
// when it is too large for a float), and a // b is CPython's float floor division. A zero divisor is a
// ZeroDivisionError with Python's message.
tl::expected<Number, Error> number_multiply(const Number& a, const Number& b);
tl::expected<Number, Error> number_floor_divide(const Number& a, const Number& b);

// The number as JSON in Python's dialect (py_json.hpp): an int's digits, a float as write_json_float writes
// it.
void write_json_number(std::string& out, const Number& n);

}  // namespace zfcheck::py
