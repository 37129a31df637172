// Python's str.upper(), str.lower(), str.isprintable() and the digits float() and int() read beyond ASCII,
// from ICU's Unicode data.
#pragma once

#include "reference/py_value.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace zfcheck::py {

// Where Pythons differ: ICU's answer is taken only for characters every Python from 3.8 (Unicode 12.1) on
// reads alike. A character assigned after Unicode 12.1, or unassigned, is printable or not and may gain a
// case by version; so may a lowercase letter without an uppercase, or the reverse (Unicode 16 gave U+019B an
// uppercase).
// For those the answers below are nothing, and the model says the value is not modelled.

// s.upper(): the full case mapping (U+00DF to "SS"); lone surrogates are kept.
std::optional<std::string> upper(const Str& s);

// s.lower(): the full case mapping, with Greek capital sigma final where Python makes it so.
std::optional<std::string> lower(const Str& s);

// What CPython's float(s) and int(s) parse (_PyUnicode_TransformDecimalAndSpaceToASCII): text beyond ASCII
// with each whitespace character a space and each decimal digit (Arabic-Indic, Devanagari, fullwidth...) its
// ASCII digit, cut after a "?" at the first other character from U+007F on; ASCII text as it is.
std::optional<std::string> decimal_and_space_to_ascii(const Str& s);

// chr(code_point).isprintable(): false for controls, format characters, surrogates, private use,
// separators other than the space, and unassigned code points.
std::optional<bool> printable(std::uint32_t code_point);

}  // namespace zfcheck::py
