// Python's float(str) and int(str): which text CPython reads as a number, and the number.
#pragma once

#include "reference/py_int.hpp"
#include "reference/py_value.hpp"

#include <optional>
#include <variant>

namespace zfcheck::py {

// Text the model does not read: beyond ASCII (CPython also reads Unicode digits and spaces there), a lone
// surrogate, or an int of more digits than CPython's int_max_str_digits (4300) allows.
struct TextNotModelled {};
// Text CPython refuses with a ValueError.
struct TextRefused {};

// float(s): surrounding whitespace, one sign, digits with single underscores between digits, an optional
// fraction and exponent, or "inf", "infinity", "nan" in any case; correctly rounded, inf past the range.
std::variant<double, TextRefused, TextNotModelled> float_of_text(const Str& s);

// int(s) in base 10: surrounding whitespace, one sign, digits with single underscores between digits
// (leading zeros allowed).
std::variant<Int, TextRefused, TextNotModelled> int_of_text(const Str& s);

}  // namespace zfcheck::py
