// Python's `text % 8`: whether a str formats one int operand, and the error CPython raises where it does not.
#pragma once

#include "reference/error.hpp"
#include "reference/py_value.hpp"

#include <variant>

namespace zfcheck::py {

struct Formatted {};
// A width or precision above 2^24: whether Python can allocate the text depends on the machine.
struct FormatNotModelled {};

// format % <an int>, read as PyUnicode_Format reads it: each "%" conversion ("%%", mapping keys, flags,
// width and precision with "*", h/l/L, the conversion character) in order; the TypeError of a missing or
// an unused operand, the ValueError of an incomplete format, a width or precision too big, or an unsupported
// conversion character (at its index in characters).
std::variant<Formatted, Error, FormatNotModelled> format_one_int(const Str& format);

}  // namespace zfcheck::py
