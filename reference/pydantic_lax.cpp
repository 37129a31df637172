// pydantic-core's lax coercions of str, bool, int and float inputs, with its error types and messages.
#include "reference/pydantic_lax.hpp"

#include "reference/py_json.hpp"
#include "reference/utf8.hpp"

#include <cmath>
#include <cstdlib>
#include <string>

namespace zfcheck::pydantic {

namespace {

constexpr Issue kFloatType{"float_type", "Input should be a valid number", ""};
constexpr Issue kFloatParsing{"float_parsing",
                              "Input should be a valid number, unable to parse string as a number", ""};
constexpr Issue kIntType{"int_type", "Input should be a valid integer", ""};
constexpr Issue kIntParsing{"int_parsing",
                            "Input should be a valid integer, unable to parse string as an integer", ""};
constexpr Issue kIntFromFloat{"int_from_float",
                              "Input should be a valid integer, got a number with a fractional part", ""};
constexpr Issue kIntParsingSize{"int_parsing_size",
                                "Unable to parse input string as an integer, exceeded maximum size", ""};
constexpr Issue kFiniteNumber{"finite_number", "Input should be a finite number", ""};
constexpr Issue kBoolType{"bool_type", "Input should be a valid boolean", ""};
constexpr Issue kBoolParsing{"bool_parsing", "Input should be a valid boolean, unable to interpret input",
                             ""};
constexpr Issue kStringType{"string_type", "Input should be a valid string", ""};
constexpr Issue kStringUnicode{
    "string_unicode", "Input should be a valid string, unable to parse raw data as a unicode string", ""};

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    char x = a[i] >= 'A' && a[i] <= 'Z' ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
    if (x != b[i]) return false;
  }
  return true;
}

// A whole double strictly inside (-2^63, 2^63): pydantic turns it into an int.
bool whole_in_i64(double f) {
  return std::isfinite(f) && std::fmod(f, 1.0) == 0.0 && f > -9223372036854775808.0 &&
         f < 9223372036854775808.0;
}

tl::expected<py::Int, Issue> float_as_int(double f) {
  if (!std::isfinite(f)) return tl::unexpected(kFiniteNumber);
  if (std::fmod(f, 1.0) != 0.0) return tl::unexpected(kIntFromFloat);
  if (!whole_in_i64(f)) return tl::unexpected(kIntParsingSize);
  return py::Int(static_cast<long long>(f));
}

// jiter's integer grammar (what pydantic tries first): an optional '-', then "0" or a digit run
// without a leading zero, and nothing after it. A digit run reaching past 4300 characters from the
// start is out of range whatever follows it.
enum class IntForm { ok, invalid, out_of_range };
IntForm jiter_int_form(std::string_view s) {
  std::size_t i = 0;
  if (i < s.size() && s[i] == '-') ++i;
  if (i >= s.size() || !utf8::is_ascii_digit(s[i])) return IntForm::invalid;
  if (s[i] == '0') return i + 1 == s.size() ? IntForm::ok : IntForm::invalid;
  std::size_t end = i;
  while (end < s.size() && utf8::is_ascii_digit(s[end])) ++end;
  if (end > py::kMaxIntDigits) return IntForm::out_of_range;
  return end == s.size() ? IntForm::ok : IntForm::invalid;
}

std::optional<std::string> strip_underscores(std::string_view s) {
  if (s.empty() || s.front() == '_' || s.back() == '_' || s.find('_') == std::string_view::npos ||
      s.find("__") != std::string_view::npos) {
    return std::nullopt;
  }
  std::string out;
  for (char c : s) {
    if (c != '_') out += c;
  }
  return out;
}

// Drops leading zeros (and underscores among them) but keeps one zero before a '.' or at the end.
std::optional<std::string_view> strip_leading_zeros(std::string_view s) {
  if (s.empty()) return std::nullopt;
  if (s[0] != '0') {
    if ((s[0] >= '1' && s[0] <= '9') || s[0] == '-') return s;
    return std::nullopt;
  }
  for (std::size_t i = 1; i < s.size(); ++i) {
    char c = s[i];
    if (c == '0' || c == '_') continue;
    if ((c >= '1' && c <= '9') || c == '-') return s.substr(i);
    if (c == '.') return s.substr(i - 1);
    return std::nullopt;
  }
  return s.substr(s.size() - 1);
}

// pydantic's second chance for an int: trim, one sign, leading zeros, a ".000" tail, underscores.
std::optional<std::string> clean_int_str(std::string_view original) {
  std::string_view s = utf8::trim(original);
  if (!s.empty() && s[0] == '+') {
    if (s.size() > 1 && s[1] == '-') return std::nullopt;
    s.remove_prefix(1);
  }
  bool negative = false;
  if (!s.empty() && s[0] == '-') {
    if (s.size() > 1 && (s[1] == '-' || s[1] == '+')) return std::nullopt;
    negative = true;
    s.remove_prefix(1);
  }
  auto stripped = strip_leading_zeros(s);
  if (!stripped) return std::nullopt;
  s = *stripped;
  if (std::size_t dot = s.find('.'); dot != std::string_view::npos) {
    std::string_view decimals = s.substr(dot + 1);
    if (!decimals.empty() && decimals.find_first_not_of('0') == std::string_view::npos) s = s.substr(0, dot);
  }
  std::string sign = negative ? "-" : "";
  if (auto no_underscores = strip_underscores(s)) return sign + *no_underscores;
  if (s.size() == original.size()) return std::nullopt;
  return sign + std::string(s);
}

}  // namespace

std::optional<double> parse_rust_f64(std::string_view s) {
  std::size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
    negative = s[i] == '-';
    ++i;
  }
  std::string_view body = s.substr(i);
  if (body.empty()) return std::nullopt;
  if (iequals(body, "inf") || iequals(body, "infinity")) return negative ? -HUGE_VAL : HUGE_VAL;
  if (iequals(body, "nan")) return std::nan("");
  std::size_t p = 0;
  std::size_t digits = 0;
  while (p < body.size() && utf8::is_ascii_digit(body[p])) ++p, ++digits;
  if (p < body.size() && body[p] == '.') {
    ++p;
    while (p < body.size() && utf8::is_ascii_digit(body[p])) ++p, ++digits;
  }
  if (digits == 0) return std::nullopt;
  if (p < body.size() && (body[p] == 'e' || body[p] == 'E')) {
    ++p;
    if (p < body.size() && (body[p] == '+' || body[p] == '-')) ++p;
    std::size_t exp_digits = 0;
    while (p < body.size() && utf8::is_ascii_digit(body[p])) ++p, ++exp_digits;
    if (exp_digits == 0) return std::nullopt;
  }
  if (p != body.size()) return std::nullopt;
  // The form is checked; strtod rounds it correctly (overflow to inf, underflow to 0), as Rust does.
  std::string copy(body);
  double value = std::strtod(copy.c_str(), nullptr);
  return negative ? -value : value;
}

tl::expected<py::Int, Issue> str_as_int(std::string_view text) {
  switch (jiter_int_form(text)) {
    case IntForm::ok:
      return py::int_from_decimal(text);
    case IntForm::out_of_range:
      return tl::unexpected(kIntParsingSize);
    case IntForm::invalid:
      break;
  }
  auto cleaned = clean_int_str(text);
  if (!cleaned || jiter_int_form(*cleaned) != IntForm::ok) return tl::unexpected(kIntParsing);
  return py::int_from_decimal(*cleaned);
}

tl::expected<double, Issue> str_as_float(std::string_view text) {
  if (auto value = parse_rust_f64(utf8::trim(text))) return *value;
  if (auto stripped = strip_underscores(text)) {
    if (auto value = parse_rust_f64(*stripped)) return *value;
  }
  return tl::unexpected(kFloatParsing);
}

tl::expected<double, Issue> lax_float(const py::Value& input) {
  switch (input.kind()) {
    case py::Kind::floating:
      return *input.as<double>();
    case py::Kind::boolean:
      return *input.as<bool>() ? 1.0 : 0.0;
    case py::Kind::integer:
      if (auto d = py::to_double(*input.as<py::Int>())) return *d;
      return tl::unexpected(kFloatType);
    case py::Kind::string: {
      const py::Str& s = *input.as<py::Str>();
      if (s.lone_surrogate) return tl::unexpected(kStringUnicode);
      return str_as_float(s.text);
    }
    default:
      return tl::unexpected(kFloatType);
  }
}

tl::expected<py::Int, Issue> lax_int(const py::Value& input) {
  switch (input.kind()) {
    case py::Kind::integer:
      return *input.as<py::Int>();
    case py::Kind::boolean:
      return py::Int(*input.as<bool>() ? 1 : 0);
    case py::Kind::floating:
      return float_as_int(*input.as<double>());
    case py::Kind::string: {
      const py::Str& s = *input.as<py::Str>();
      if (s.lone_surrogate) return tl::unexpected(kStringUnicode);
      return str_as_int(s.text);
    }
    default:
      return tl::unexpected(kIntType);
  }
}

tl::expected<bool, Issue> lax_bool(const py::Value& input) {
  auto from_int = [](const py::Int& i) -> tl::expected<bool, Issue> {
    if (i == 0) return false;
    if (i == 1) return true;
    if (!py::to_int64(i)) return tl::unexpected(kBoolType);
    return tl::unexpected(kBoolParsing);
  };
  switch (input.kind()) {
    case py::Kind::boolean:
      return *input.as<bool>();
    case py::Kind::integer:
      return from_int(*input.as<py::Int>());
    case py::Kind::floating: {
      double f = *input.as<double>();
      if (!whole_in_i64(f)) return tl::unexpected(kBoolType);
      return from_int(py::Int(static_cast<long long>(f)));
    }
    case py::Kind::string: {
      const py::Str& s = *input.as<py::Str>();
      if (s.lone_surrogate) return tl::unexpected(kStringUnicode);
      const std::string& t = s.text;
      if (t == "0" || iequals(t, "f") || iequals(t, "n") || iequals(t, "no") || iequals(t, "off") ||
          iequals(t, "false")) {
        return false;
      }
      if (t == "1" || iequals(t, "t") || iequals(t, "y") || iequals(t, "on") || iequals(t, "yes") ||
          iequals(t, "true")) {
        return true;
      }
      return tl::unexpected(kBoolParsing);
    }
    default:
      return tl::unexpected(kBoolType);
  }
}

tl::expected<py::Str, Issue> lax_str(const py::Value& input) {
  if (const py::Str* s = input.as<py::Str>()) return *s;
  return tl::unexpected(kStringType);
}

tl::expected<StrOrInt, std::vector<Issue>> lax_str_or_int(const py::Value& input) {
  if (const py::Str* s = input.as<py::Str>()) return StrOrInt(*s);
  auto as_int = lax_int(input);
  if (as_int) return StrOrInt(std::move(*as_int));
  Issue str_issue = kStringType;
  str_issue.branch = "str";
  Issue int_issue = as_int.error();
  int_issue.branch = "int";
  return tl::unexpected(std::vector<Issue>{str_issue, int_issue});
}

std::optional<Issue> check_unit_interval(double value, bool open) {
  if (open) {
    if (!(value < 1.0)) return Issue{"less_than", "Input should be less than 1", ""};
    if (!(value > 0.0)) return Issue{"greater_than", "Input should be greater than 0", ""};
  } else {
    if (!(value <= 1.0)) return Issue{"less_than_equal", "Input should be less than or equal to 1", ""};
    if (!(value >= 0.0)) return Issue{"greater_than_equal", "Input should be greater than or equal to 0", ""};
  }
  return std::nullopt;
}

}  // namespace zfcheck::pydantic
