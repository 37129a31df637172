// Unicode case mapping and printability as Python has them, from ICU, refused where Pythons differ.
#include "reference/py_unicode.hpp"

#include "reference/utf8.hpp"

#include <unicode/uchar.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

#include <algorithm>
#include <array>
#include <vector>

namespace zfcheck::py {

namespace {

// The Unicode version of the oldest Python the answers hold for (3.8's unicodedata).
constexpr std::array<std::uint8_t, 2> kOldestUnicode{12, 1};

// The mapping a character is asked for, beside its category.
enum class Mapping { none, upper, lower };

// Whether every Python from 3.8 on agrees with ICU on the character's category and its `mapping`.
bool stable(UChar32 c, Mapping mapping) {
  UVersionInfo age;
  u_charAge(c, age);
  if (age[0] == 0 && age[1] == 0) return false;  // unassigned
  if (age[0] > kOldestUnicode[0] || (age[0] == kOldestUnicode[0] && age[1] > kOldestUnicode[1])) return false;
  // A lowercase letter without an uppercase (or the reverse) may gain one.
  switch (mapping) {
    case Mapping::upper:
      return u_charType(c) != U_LOWERCASE_LETTER || u_hasBinaryProperty(c, UCHAR_CHANGES_WHEN_UPPERCASED);
    case Mapping::lower:
      return u_charType(c) != U_UPPERCASE_LETTER || u_hasBinaryProperty(c, UCHAR_CHANGES_WHEN_LOWERCASED);
    case Mapping::none:
      break;
  }
  return true;
}

std::optional<std::string> mapped(const Str& s, Mapping mapping) {
  const auto full = mapping == Mapping::upper ? u_strToUpper : u_strToLower;
  const auto simple = mapping == Mapping::upper ? u_toupper : u_tolower;
  std::vector<UChar> in;
  in.reserve(s.text.size());
  bool ascii = true;
  for (std::size_t at = 0; at < s.text.size();) {
    const UChar32 c = static_cast<UChar32>(utf8::decode(s.text, at));
    if (c >= 0x80) {
      ascii = false;
      if (!U_IS_SURROGATE(c) && !stable(c, mapping)) return std::nullopt;
    }
    // A lone surrogate stays one unit: json.loads joins every escaped pair, so no two here form one.
    if (c <= 0xFFFF) {
      in.push_back(static_cast<UChar>(c));
    } else {
      in.push_back(U16_LEAD(c));
      in.push_back(U16_TRAIL(c));
    }
  }
  if (ascii) {
    std::string out = s.text;
    for (char& ch : out) ch = static_cast<char>(simple(static_cast<unsigned char>(ch)));
    return out;
  }
  // The root locale: the language-free mappings Python applies; a character maps to at most 3.
  std::vector<UChar> out(in.size() * 3 + 1);
  UErrorCode status = U_ZERO_ERROR;
  const int32_t n = full(out.data(), static_cast<int32_t>(out.size()), in.data(),
                         static_cast<int32_t>(in.size()), "", &status);
  if (U_FAILURE(status)) return std::nullopt;
  std::string text;
  for (int32_t i = 0; i < n;) {
    UChar32 c;
    U16_NEXT(out.data(), i, n, c);
    utf8::append(text, static_cast<std::uint32_t>(c));
  }
  return text;
}

}  // namespace

std::optional<std::string> upper(const Str& s) { return mapped(s, Mapping::upper); }

std::optional<std::string> lower(const Str& s) { return mapped(s, Mapping::lower); }

std::optional<std::string> decimal_and_space_to_ascii(const Str& s) {
  if (!s.lone_surrogate && std::all_of(s.text.begin(), s.text.end(),
                                       [](char ch) { return static_cast<unsigned char>(ch) < 0x80; }))
    return s.text;
  std::string out;
  for (std::size_t at = 0; at < s.text.size();) {
    const auto c = static_cast<UChar32>(utf8::decode(s.text, at));
    if (c < 0x7F) {
      out += static_cast<char>(c);
      continue;
    }
    if (!U_IS_SURROGATE(c) && !stable(c, Mapping::none)) return std::nullopt;
    const auto direction = u_charDirection(c);
    const int32_t digit = u_charDigitValue(c);
    if (direction == U_WHITE_SPACE_NEUTRAL || direction == U_BLOCK_SEPARATOR ||
        direction == U_SEGMENT_SEPARATOR || u_charType(c) == U_SPACE_SEPARATOR) {
      out += ' ';
    } else if (digit >= 0) {
      out += static_cast<char>('0' + digit);
    } else {
      return out + '?';
    }
  }
  return out;
}

std::optional<bool> printable(std::uint32_t code_point) {
  const auto c = static_cast<UChar32>(code_point);
  if (code_point == ' ') return true;
  if (U_IS_SURROGATE(c)) return false;
  if (code_point > 0x10FFFF || !stable(c, Mapping::none)) return std::nullopt;
  switch (u_charType(c)) {
    case U_UNASSIGNED:  // with an age: a noncharacter (U+FDD0, U+FFFE), for good
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_PRIVATE_USE_CHAR:
    case U_SPACE_SEPARATOR:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
      return false;
    default:
      return true;
  }
}

}  // namespace zfcheck::py
