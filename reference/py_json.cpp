// A reader and writer for the JSON dialect of Python's json module.
#include "reference/py_json.hpp"

#include "reference/utf8.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>

namespace zfcheck::py {

namespace {

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  tl::expected<Value, JsonError> document() {
    skip_ws();
    Value value;
    if (!parse_value(value, 0)) return tl::unexpected(error_);
    skip_ws();
    if (pos_ != text_.size()) return fail("extra data after the JSON value");
    return value;
  }

 private:
  tl::unexpected<JsonError> fail(std::string reason) {
    error_ = JsonError{pos_, std::move(reason)};
    return tl::unexpected(error_);
  }
  bool failed(std::string reason) {
    error_ = JsonError{pos_, std::move(reason)};
    return false;
  }

  void skip_ws() {
    while (pos_ < text_.size() && is_ws(text_[pos_])) ++pos_;
  }
  bool consume(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  bool parse_value(Value& out, std::size_t depth) {
    if (pos_ >= text_.size()) return failed("expecting a value");
    switch (text_[pos_]) {
      case '{':
        return parse_object(out, depth + 1);
      case '[':
        return parse_array(out, depth + 1);
      case '"': {
        Str s;
        if (!parse_string(s)) return false;
        out = Value(std::move(s));
        return true;
      }
      default:
        break;
    }
    if (consume("null")) return out = Value(None{}), true;
    if (consume("true")) return out = Value(true), true;
    if (consume("false")) return out = Value(false), true;
    if (consume("NaN")) return out = Value(std::nan("")), true;
    if (consume("Infinity")) return out = Value(HUGE_VAL), true;
    if (consume("-Infinity")) return out = Value(-HUGE_VAL), true;
    return parse_number(out);
  }

  bool parse_object(Value& out, std::size_t depth) {
    if (depth > kMaxDepth) return failed("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    ++pos_;  // '{'
    Dict dict;
    skip_ws();
    if (pos_ < text_.size() && text_[pos_] == '}') {
      ++pos_;
      out = Value(std::move(dict));
      return true;
    }
    while (true) {
      if (pos_ >= text_.size() || text_[pos_] != '"')
        return failed("expecting a property name in double quotes");
      Str key;
      if (!parse_string(key)) return false;
      skip_ws();
      if (pos_ >= text_.size() || text_[pos_] != ':') return failed("expecting ':' delimiter");
      ++pos_;
      skip_ws();
      Value value;
      if (!parse_value(value, depth)) return false;
      dict.set(std::move(key), std::move(value));
      skip_ws();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        skip_ws();
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == '}') {
        ++pos_;
        out = Value(std::move(dict));
        return true;
      }
      return failed("expecting ',' delimiter");
    }
  }

  bool parse_array(Value& out, std::size_t depth) {
    if (depth > kMaxDepth) return failed("nesting deeper than " + std::to_string(kMaxDepth) + " levels");
    ++pos_;  // '['
    List list;
    skip_ws();
    if (pos_ < text_.size() && text_[pos_] == ']') {
      ++pos_;
      out = Value(std::move(list));
      return true;
    }
    while (true) {
      Value value;
      if (!parse_value(value, depth)) return false;
      list.push_back(std::move(value));
      skip_ws();
      if (pos_ < text_.size() && text_[pos_] == ',') {
        ++pos_;
        skip_ws();
        continue;
      }
      if (pos_ < text_.size() && text_[pos_] == ']') {
        ++pos_;
        out = Value(std::move(list));
        return true;
      }
      return failed("expecting ',' delimiter");
    }
  }

  bool hex4(std::uint32_t& unit) {
    if (pos_ + 4 > text_.size()) return failed("invalid \\uXXXX escape");
    unit = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text_[pos_ + static_cast<std::size_t>(i)];
      unit <<= 4;
      if (utf8::is_ascii_digit(c)) {
        unit |= static_cast<std::uint32_t>(c - '0');
      } else if (c >= 'a' && c <= 'f') {
        unit |= static_cast<std::uint32_t>(c - 'a' + 10);
      } else if (c >= 'A' && c <= 'F') {
        unit |= static_cast<std::uint32_t>(c - 'A' + 10);
      } else {
        return failed("invalid \\uXXXX escape");
      }
    }
    pos_ += 4;
    return true;
  }

  bool parse_string(Str& out) {
    ++pos_;  // opening quote
    std::string& s = out.text;
    while (true) {
      std::size_t run = pos_;
      while (run < text_.size() && text_[run] != '"' && text_[run] != '\\' &&
             static_cast<unsigned char>(text_[run]) >= 0x20) {
        ++run;
      }
      s.append(text_, pos_, run - pos_);
      pos_ = run;
      if (pos_ >= text_.size()) return failed("unterminated string");
      char c = text_[pos_];
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (c != '\\') return failed("invalid control character in string");
      ++pos_;
      if (pos_ >= text_.size()) return failed("unterminated string");
      char e = text_[pos_++];
      switch (e) {
        case '"':
          s += '"';
          break;
        case '\\':
          s += '\\';
          break;
        case '/':
          s += '/';
          break;
        case 'b':
          s += '\b';
          break;
        case 'f':
          s += '\f';
          break;
        case 'n':
          s += '\n';
          break;
        case 'r':
          s += '\r';
          break;
        case 't':
          s += '\t';
          break;
        case 'u': {
          std::uint32_t unit = 0;
          if (!hex4(unit)) return false;
          // A high surrogate directly followed by an escaped low surrogate is one character, as in Python.
          if (unit >= 0xD800 && unit <= 0xDBFF && text_.substr(pos_, 2) == "\\u") {
            std::size_t save = pos_;
            pos_ += 2;
            std::uint32_t low = 0;
            if (hex4(low) && low >= 0xDC00 && low <= 0xDFFF) {
              utf8::append(s, 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00));
              break;
            }
            pos_ = save;
          }
          if (unit >= 0xD800 && unit <= 0xDFFF) out.lone_surrogate = true;
          utf8::append(s, unit);
          break;
        }
        default:
          --pos_;
          return failed("invalid \\escape");
      }
    }
  }

  bool parse_number(Value& out) {
    const std::size_t start = pos_;
    std::size_t p = pos_;
    if (p < text_.size() && text_[p] == '-') ++p;
    if (p >= text_.size() || !utf8::is_ascii_digit(text_[p])) return failed("expecting a value");
    if (text_[p] == '0') {
      ++p;
    } else {
      while (p < text_.size() && utf8::is_ascii_digit(text_[p])) ++p;
    }
    const std::size_t int_end = p;
    bool is_float = false;
    if (p + 1 < text_.size() && text_[p] == '.' && utf8::is_ascii_digit(text_[p + 1])) {
      is_float = true;
      p += 2;
      while (p < text_.size() && utf8::is_ascii_digit(text_[p])) ++p;
    }
    if (p < text_.size() && (text_[p] == 'e' || text_[p] == 'E')) {
      std::size_t q = p + 1;
      if (q < text_.size() && (text_[q] == '+' || text_[q] == '-')) ++q;
      if (q < text_.size() && utf8::is_ascii_digit(text_[q])) {
        is_float = true;
        p = q;
        while (p < text_.size() && utf8::is_ascii_digit(text_[p])) ++p;
      }
    }
    std::string_view literal = text_.substr(start, p - start);
    pos_ = p;
    if (!is_float) {
      std::size_t digits = int_end - start - (text_[start] == '-' ? 1 : 0);
      if (digits > kMaxIntDigits) {
        pos_ = start;
        return failed("integer literal of " + std::to_string(digits) + " digits exceeds Python's limit of " +
                      std::to_string(kMaxIntDigits));
      }
      out = Value(int_from_decimal(literal));
      return true;
    }
    // strtod rounds correctly and gives inf on overflow, as Python's float() does.
    std::string copy(literal);
    out = Value(std::strtod(copy.c_str(), nullptr));
    return true;
  }

  std::string_view text_;
  std::size_t pos_ = 0;
  JsonError error_;
};

void append_hex4(std::string& out, std::uint32_t unit) {
  static const char* digits = "0123456789abcdef";
  out += "\\u";
  for (int shift = 12; shift >= 0; shift -= 4) out += digits[(unit >> shift) & 0xF];
}

}  // namespace

tl::expected<Value, JsonError> parse_json(std::string_view text) {
  if (auto bad = utf8::first_invalid(text); bad != std::string_view::npos) {
    return tl::unexpected(JsonError{bad, "not valid UTF-8"});
  }
  return Reader(text).document();
}

void write_json_string(std::string& out, std::string_view wtf8) {
  out += '"';
  std::size_t i = 0;
  while (i < wtf8.size()) {
    // Printable ASCII other than '"' and '\\' goes out as is, a run at a time.
    std::size_t run = i;
    while (run < wtf8.size()) {
      unsigned char c = static_cast<unsigned char>(wtf8[run]);
      if (c < 0x20 || c >= 0x7f || c == '"' || c == '\\') break;
      ++run;
    }
    out.append(wtf8, i, run - i);
    i = run;
    if (i >= wtf8.size()) break;
    unsigned char c = static_cast<unsigned char>(wtf8[i]);
    if (c < 0x80) {
      switch (c) {
        case '"':
          out += "\\\"";
          break;
        case '\\':
          out += "\\\\";
          break;
        case '\n':
          out += "\\n";
          break;
        case '\r':
          out += "\\r";
          break;
        case '\t':
          out += "\\t";
          break;
        case '\b':
          out += "\\b";
          break;
        case '\f':
          out += "\\f";
          break;
        default:
          append_hex4(out, c);
      }
      ++i;
      continue;
    }
    std::uint32_t cp = utf8::decode(wtf8, i);
    if (cp >= 0x10000) {
      cp -= 0x10000;
      append_hex4(out, 0xD800 + (cp >> 10));
      append_hex4(out, 0xDC00 + (cp & 0x3FF));
    } else {
      append_hex4(out, cp);
    }
  }
  out += '"';
}

void write_json_int(std::string& out, std::int64_t value) {
  char buf[24];
  auto res = std::to_chars(buf, buf + sizeof buf, value);
  out.append(buf, static_cast<std::size_t>(res.ptr - buf));
}

void write_json_int(std::string& out, const Int& value) {
  if (auto small = to_int64(value)) {
    write_json_int(out, *small);
  } else {
    out += to_decimal(value);
  }
}

std::string float_repr(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";
  // Shortest round-trip digits and exponent, then Python's layout: positional for exponents in
  // [-4, 16), scientific otherwise, and always a '.0' on integral positional values.
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific);
  std::string_view sci(buf, static_cast<std::size_t>(res.ptr - buf));
  bool negative = sci.front() == '-';
  if (negative) sci.remove_prefix(1);
  std::size_t e = sci.find('e');
  std::string digits;
  for (char c : sci.substr(0, e)) {
    if (c != '.') digits += c;
  }
  int exponent = std::atoi(std::string(sci.substr(e + 1)).c_str());
  std::string out = negative ? "-" : "";
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) {
      out += "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
    } else if (digits.size() <= static_cast<std::size_t>(exponent) + 1) {
      out += digits + std::string(static_cast<std::size_t>(exponent) + 1 - digits.size(), '0') + ".0";
    } else {
      out += digits.substr(0, static_cast<std::size_t>(exponent) + 1) + "." +
             digits.substr(static_cast<std::size_t>(exponent) + 1);
    }
    return out;
  }
  out += digits.substr(0, 1);
  if (digits.size() > 1) out += "." + digits.substr(1);
  out += exponent < 0 ? "e-" : "e+";
  std::string exp_digits = std::to_string(exponent < 0 ? -exponent : exponent);
  if (exp_digits.size() < 2) exp_digits.insert(0, "0");
  return out + exp_digits;
}

void write_json_float(std::string& out, double value) {
  if (std::isnan(value)) {
    out += "NaN";
  } else if (std::isinf(value)) {
    out += value > 0 ? "Infinity" : "-Infinity";
  } else {
    // Results repeat a few values (the config's ratios): remember the last texts, keyed by the bits.
    struct Memo {
      std::uint64_t bits = 0;
      std::string text;
    };
    static thread_local std::array<Memo, 8> memo;
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof bits);
    Memo& m = memo[(bits ^ (bits >> 29) ^ (bits >> 52)) % memo.size()];
    if (m.text.empty() || m.bits != bits) m = Memo{bits, float_repr(value)};
    out += m.text;
  }
}

void write_json(std::string& out, const Value& value) {
  switch (value.kind()) {
    case Kind::none:
      out += "null";
      return;
    case Kind::boolean:
      out += *value.as<bool>() ? "true" : "false";
      return;
    case Kind::integer:
      write_json_int(out, *value.as<Int>());
      return;
    case Kind::floating:
      write_json_float(out, *value.as<double>());
      return;
    case Kind::string:
      write_json_string(out, value.as<Str>()->text);
      return;
    case Kind::list: {
      out += '[';
      bool first = true;
      for (const Value& item : *value.as<List>()) {
        if (!first) out += ',';
        first = false;
        write_json(out, item);
      }
      out += ']';
      return;
    }
    case Kind::dict: {
      out += '{';
      bool first = true;
      for (const auto& [key, item] : value.as<Dict>()->entries()) {
        if (!first) out += ',';
        first = false;
        write_json_string(out, key.text);
        out += ':';
        write_json(out, item);
      }
      out += '}';
      return;
    }
  }
}

std::string to_json(const Value& value) {
  std::string out;
  write_json(out, value);
  return out;
}

}  // namespace zfcheck::py
