// A Python int, float or bool: what DeepSpeedConfig's batch values are (a float once a float world size
// enters them; a bool where one was given and kept).
#pragma once

#include "reference/error.hpp"
#include "reference/py_int.hpp"
#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <compare>
#include <optional>
#include <string>
#include <variant>

namespace zfcheck::py {

// An int stays an int until a float enters the arithmetic, as in Python; a bool computes as the int 0 or 1
// (so arithmetic never gives one back) and prints as False or True. Two numbers are equal (==) when both
// their kind and value are: 4, 4.0 and True-for-1 print differently, so a result holding one is not
// another's.
using Number = std::variant<Int, double, bool>;

// A bool, int or float value as a Number; nothing for any other value.
std::optional<Number> number_of(const Value& v);
// bool(number): not zero (a NaN is true).
bool number_truthy(const Number& n);
// str(number): the int's digits, the float's repr, True or False.
std::string number_text(const Number& n);
// The int, or nothing for a float or a bool.
const Int* int_of(const Number& n);
// Python's comparisons between ints and floats, exact (a float NaN compares false: unordered).
std::partial_ordering number_compare(const Number& a, const Number& b);
bool number_equals(const Number& a, const Number& b);
bool number_positive(const Number& n);  // n > 0
// Python's a * b and a // b: ints stay ints; with a float, the int is converted first (OverflowError
// when it is too large for a float), and a // b is CPython's float floor division. A zero divisor is a
// ZeroDivisionError with Python's message.
tl::expected<Number, Error> number_multiply(const Number& a, const Number& b);
tl::expected<Number, Error> number_floor_divide(const Number& a, const Number& b);
// Python's a % b, with the sign of b (CPython's float remainder for a float); `b` is not zero.
tl::expected<Number, Error> number_remainder(const Number& a, const Number& b);
// Python's a / b, always a float: two ints' exact quotient correctly rounded (OverflowError when too large
// for a float), else the float division; ZeroDivisionError for a zero divisor.
tl::expected<double, Error> number_true_divide(const Number& a, const Number& b);
// Python's int(number): a float truncated toward zero, exactly (ValueError for NaN, OverflowError for an
// infinity); a bool as 0 or 1.
tl::expected<Int, Error> int_of_number(const Number& n);

// The number as JSON in Python's dialect (py_json.hpp): an int's digits, a float as write_json_float writes
// it, a bool as true or false.
void write_json_number(std::string& out, const Number& n);

}  // namespace zfcheck::py
