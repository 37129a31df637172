// Python's float(str) and int(str), as CPython's float_from_string and PyLong_FromString read the text
// _PyUnicode_TransformDecimalAndSpaceToASCII makes of it.
#include "reference/py_text_number.hpp"

#include "reference/py_json.hpp"
#include "reference/py_unicode.hpp"
#include "reference/pydantic_lax.hpp"
#include "reference/utf8.hpp"

#include <algorithm>
#include <string>
#include <string_view>

namespace zfcheck::py {

namespace {

// Py_ISSPACE: the ASCII whitespace float() and int() strip from both ends.
bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

std::string_view strip(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// The text without its underscores, when each one stands between two digits (PEP 515); else nothing.
std::optional<std::string> without_underscores(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '_') {
      out += s[i];
      continue;
    }
    if (i == 0 || i + 1 == s.size() || !utf8::is_ascii_digit(s[i - 1]) || !utf8::is_ascii_digit(s[i + 1]))
      return std::nullopt;
  }
  return out;
}

}  // namespace

std::variant<double, TextRefused, TextNotModelled> float_of_text(const Str& s) {
  auto ascii = decimal_and_space_to_ascii(s);
  if (!ascii) return TextNotModelled{};
  auto text = without_underscores(strip(*ascii));
  if (!text) return TextRefused{};
  // After the underscores, CPython's grammar is Rust's f64 grammar: one sign, digits with an optional
  // fraction and exponent, or inf/infinity/nan in any case.
  if (auto value = pydantic::parse_rust_f64(*text)) return *value;
  return TextRefused{};
}

std::variant<Int, TextRefused, TextNotModelled> int_of_text(const Str& s) {
  auto ascii = decimal_and_space_to_ascii(s);
  if (!ascii) return TextNotModelled{};
  std::string_view body = strip(*ascii);
  const bool negative = !body.empty() && body.front() == '-';
  if (!body.empty() && (body.front() == '-' || body.front() == '+')) body.remove_prefix(1);
  auto digits = without_underscores(body);
  if (!digits || digits->empty() || !std::all_of(digits->begin(), digits->end(), utf8::is_ascii_digit))
    return TextRefused{};
  if (digits->size() > kMaxIntDigits) return TextNotModelled{};
  return int_from_decimal((negative ? "-" : "") + *digits);
}

}  // namespace zfcheck::py
