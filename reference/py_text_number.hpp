// Python's float(str) and int(str): which text CPython reads as a number, and the number.
#pragma once

#include "reference/py_int.hpp"
#include "reference/py_value.hpp"

#include <optional>
#include <variant>

namespace zfcheck::py {

// Text the model does not read: a character whose digit or space Pythons read differently
// (decimal_and_space_to_ascii), or an int of more digits than CPython's int_max_str_digits (4300) allows.
struct TextNotModelled {};
// Text CPython refuses with a ValueError.
struct TextRefused {};

// float(s), of the text with its Unicode digits and spaces made ASCII: surrounding whitespace, one sign,
// digits with single underscores between digits, an optional fraction and exponent, or "inf", "infinity",
// "nan" in any case; correctly rounded, inf past the range.
std::variant<double, TextRefused, TextNotModelled> float_of_text(const Str& s);

// int(s) in base 10, likewise: surrounding whitespace, one sign, digits with single underscores between
// digits (leading zeros allowed).
std::variant<Int, TextRefused, TextNotModelled> int_of_text(const Str& s);

}  // namespace zfcheck::py
