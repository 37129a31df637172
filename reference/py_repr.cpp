// Python's repr() and str() of JSON values: the quoting of str, the layout of lists and dicts.
#include "reference/py_repr.hpp"

#include "reference/py_json.hpp"
#include "reference/py_unicode.hpp"
#include "reference/utf8.hpp"

#include <cstdio>

namespace zfcheck::py {

namespace {

// repr() of a str: single quotes unless the text holds a single quote and no double one, and the escapes
// CPython writes (a character that is not printable as \xhh, \uhhhh or \Uhhhhhhhh); nothing where Pythons
// differ on whether a character is printable.
std::optional<std::string> str_repr(const Str& s) {
  bool has_single = s.text.find('\'') != std::string::npos;
  char quote = has_single && s.text.find('"') == std::string::npos ? '"' : '\'';
  std::string out(1, quote);
  for (std::size_t at = 0; at < s.text.size();) {
    const std::size_t start = at;
    const std::uint32_t ch = utf8::decode(s.text, at);
    if (ch == '\\' || ch == static_cast<unsigned char>(quote)) {
      out += '\\';
      out += static_cast<char>(ch);
    } else if (ch == '\n') {
      out += "\\n";
    } else if (ch == '\r') {
      out += "\\r";
    } else if (ch == '\t') {
      out += "\\t";
    } else if (ch >= 0x20 && ch < 0x7f) {
      out += static_cast<char>(ch);
    } else {
      auto shown = printable(ch);
      if (!shown) return std::nullopt;
      if (*shown) {
        out.append(s.text, start, at - start);
        continue;
      }
      char hex[11];
      std::snprintf(hex, sizeof hex, ch <= 0xff ? "\\x%02x" : ch <= 0xffff ? "\\u%04x" : "\\U%08x", ch);
      out += hex;
    }
  }
  return out + quote;
}

}  // namespace

std::optional<std::string> repr(const Value& value) {
  switch (value.kind()) {
    case Kind::none:
      return "None";
    case Kind::boolean:
      return *value.as<bool>() ? "True" : "False";
    case Kind::integer:
      return to_decimal(*value.as<Int>());
    case Kind::floating:
      return float_repr(*value.as<double>());
    case Kind::string:
      return str_repr(*value.as<Str>());
    case Kind::list: {
      std::string out = "[";
      for (const Value& item : *value.as<List>()) {
        auto text = repr(item);
        if (!text) return std::nullopt;
        out += (out.size() > 1 ? ", " : "") + *text;
      }
      return out + "]";
    }
    case Kind::dict: {
      std::string out = "{";
      for (const auto& [key, item] : value.as<Dict>()->entries()) {
        auto key_text = str_repr(key);
        auto text = repr(item);
        if (!key_text || !text) return std::nullopt;
        out += (out.size() > 1 ? ", " : "") + *key_text + ": " + *text;
      }
      return out + "}";
    }
  }
  return std::nullopt;
}

std::optional<std::string> repr_cut(const Value& value, std::size_t characters) {
  auto text = repr(value);
  if (!text) return std::nullopt;
  std::size_t at = 0;
  for (std::size_t n = 0; n < characters && at < text->size(); ++n) utf8::decode(*text, at);
  text->resize(at);
  return text;
}

std::optional<std::string> str(const Value& value) {
  const Str* s = value.as<Str>();
  if (s == nullptr) return repr(value);
  return s->text;
}

}  // namespace zfcheck::py
