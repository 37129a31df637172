// Python's repr() and str() of the values json.loads builds, where the model prints them as upstream does.
#pragma once

#include "reference/py_value.hpp"

#include <optional>
#include <string>

namespace zfcheck::py {

// repr(value): None, True, 12, 0.1, 'text', [1, 'a'], {'k': 2}; nothing when it holds a character Pythons
// print differently (py_unicode.hpp).
std::optional<std::string> repr(const Value& value);

// "%.200R" % value, as CPython's error messages format it: the repr cut to its first 200 characters.
std::optional<std::string> repr_cut(const Value& value, std::size_t characters = 200);

// str(value): a str's own text, anything else its repr.
std::optional<std::string> str(const Value& value);

}  // namespace zfcheck::py
