// hjson-py's decoder walked step by step over UTF-8 text (every syntax character is ASCII, so bytes do), with
// DeepSpeed's duplicate-key hook applied to each object as it closes.
#include "harness/explain/hjson_reader.hpp"

#include "reference/py_json.hpp"
#include "reference/py_repr.hpp"
#include "reference/utf8.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace zfcheck {

namespace {

constexpr int kEnd = -1;  // past the last character, Python's ''

bool python_space(std::uint32_t cp) { return utf8::is_unicode_space(cp) || (cp >= 0x1c && cp <= 0x1f); }

// Python's str.strip(), or rstrip() when `left` is false.
std::string_view python_strip(std::string_view text, bool left = true) {
  std::size_t first = text.size(), last = 0;  // the first kept byte, one past the last kept one
  for (std::size_t at = 0; at < text.size();) {
    std::size_t start = at;
    if (!python_space(utf8::decode(text, at))) {
      if (first == text.size()) first = start;
      last = at;
    }
  }
  if (first == text.size()) return {};
  return text.substr(left ? first : 0, last - (left ? first : 0));
}

// Python's repr() of a key, as a list of keys prints it; its JSON text where Pythons print it differently.
std::string shown_key(const py::Str& key) {
  const py::Value value(key);
  if (auto text = py::repr(value)) return *text;
  return py::to_json(value);
}

struct Failure {
  HjsonError error;
};

class Parser {
 public:
  explicit Parser(std::string_view s) : s_(s) {}

  py::Value document() {
    std::size_t idx = s_.starts_with("\xef\xbb\xbf") ? 3 : 0;  // a byte order mark, skipped
    idx = next(idx);
    Parsed root;
    if (at(idx) == '{' || at(idx) == '[' || s_.find('\n') == std::string_view::npos) {
      root = value(idx, 0);
    } else {
      root = object(idx, true, 0);  // several lines: an object without its braces
    }
    std::size_t end = next(root.end);
    if (end != s_.size()) fail(end, "Extra data");
    return std::move(root.value);
  }

 private:
  struct Parsed {
    py::Value value;
    std::size_t end = 0;
    std::size_t start = 0;  // keys: where the key begins
  };
  struct Pair {
    py::Str key;
    py::Value value;
    std::size_t start;
  };

  int at(std::size_t i) const { return i < s_.size() ? static_cast<unsigned char>(s_[i]) : kEnd; }

  [[noreturn]] void fail(std::size_t offset, std::string reason,
                         HjsonError::Kind kind = HjsonError::Kind::syntax) const {
    throw Failure{HjsonError{kind, py::JsonError{offset, std::move(reason)}}};
  }

  std::size_t end_of_line(std::size_t i) const {
    while (at(i) != '\n' && at(i) != '\r' && at(i) != kEnd) ++i;
    return i;
  }

  // Past whitespace and comments (hjson-py's getNext).
  std::size_t next(std::size_t i) const {
    while (true) {
      while (at(i) == ' ' || at(i) == '\t' || at(i) == '\n' || at(i) == '\r') ++i;
      if (at(i) == '#' || (at(i) == '/' && at(i + 1) == '/')) {
        i = end_of_line(i);
      } else if (at(i) == '/' && at(i + 1) == '*') {
        std::size_t close = s_.find("*/", i + 2);
        if (close == std::string_view::npos) fail(i, "Unterminated /* comment");
        i = close + 2;
      } else {
        return i;
      }
    }
  }

  Parsed value(std::size_t i, std::size_t depth) {
    if (depth > py::kMaxDepth)
      fail(i, "Nesting too deep (more than " + std::to_string(py::kMaxDepth) + " levels)");
    switch (at(i)) {
      case kEnd:
        fail(i, "Expecting value");
      case '"':
        return quoted(i);
      case '{':
        return object(i + 1, false, depth + 1);
      case '[':
        return array(i + 1, depth + 1);
      default:
        break;
    }
    if (s_.substr(i, 3) == "'''") return multiline(i);
    return quoteless(i);
  }

  // A JSON string, starting at its quote: its end found here, its escapes decoded as json.loads does.
  Parsed quoted(std::size_t open) const {
    std::size_t i = open + 1;
    while (at(i) != '"' && at(i) >= 0x20) i += at(i) == '\\' ? 2 : 1;  // to the quote, or what refuses it
    auto parsed = py::parse_json(s_.substr(open, i + 1 - open));
    if (!parsed) fail(open + parsed.error().offset, parsed.error().reason);
    return {std::move(*parsed), i + 1};
  }

  // '''...''': the indentation of the opening line is removed from each line, a first empty line and the
  // last newline dropped.
  Parsed multiline(std::size_t open) const {
    std::size_t line_start = s_.rfind('\n', open == 0 ? 0 : open - 1);
    line_start = (line_start == std::string_view::npos || open == 0) ? 0 : line_start + 1;
    std::size_t indent = 0;  // in characters, as Python counts
    for (std::size_t k = line_start; k < open; ++k)
      indent += (static_cast<unsigned char>(s_[k]) & 0xc0) != 0x80;
    auto skip_indent = [&](std::size_t i, std::size_t most) {
      for (std::size_t n = 0; n < most && (at(i) == ' ' || at(i) == '\t' || at(i) == '\r'); ++n) ++i;
      return i;
    };
    std::size_t i = skip_indent(open + 3, s_.size());
    if (at(i) == '\n') i = skip_indent(i + 1, indent);
    std::string text;
    int quotes = 0;
    while (true) {
      int ch = at(i);
      if (ch == kEnd) fail(open, "Bad multiline string");
      if (ch == '\'') {
        ++i;
        if (++quotes < 3) continue;
        if (text.empty()) fail(open, "Bad multiline string (empty)");
        if (text.back() == '\n') text.pop_back();
        return {py::Value(py::Str{std::move(text)}), i};
      }
      text.append(static_cast<std::size_t>(quotes), '\'');
      quotes = 0;
      if (ch == '\n') {
        text += '\n';
        i = skip_indent(i + 1, indent);
      } else {
        if (ch != '\r') text += static_cast<char>(ch);
        ++i;
      }
    }
  }

  // The end of hjson-py's NUMBER_RE matched at `i`, or npos; the parts it captured.
  std::size_t number_end(std::size_t i, std::string& integer, std::string& fraction,
                         std::string& exponent) const {
    auto digit = [&](std::size_t k) { return at(k) >= '0' && at(k) <= '9'; };
    std::size_t k = i;
    if (at(k) == '-') ++k;
    if (at(k) == '0') {
      ++k;
    } else if (digit(k)) {
      while (digit(k)) ++k;
    } else {
      return std::string_view::npos;
    }
    integer = s_.substr(i, k - i);
    if (at(k) == '.' && digit(k + 1)) {
      std::size_t f = k++;
      while (digit(k)) ++k;
      fraction = s_.substr(f, k - f);
    }
    if (at(k) == 'e' || at(k) == 'E') {
      std::size_t e = k + 1;
      if (at(e) == '+' || at(e) == '-') ++e;
      if (digit(e)) {
        while (digit(e)) ++e;
        exponent = s_.substr(k, e - k);
        k = e;
      }
    }
    while (at(k) == ' ' || at(k) == '\t') ++k;
    return k;
  }

  py::Value number(std::size_t begin, const std::string& integer, const std::string& fraction,
                   const std::string& exponent) const {
    auto parsed = py::parse_json(integer + fraction + exponent);
    if (!parsed) fail(begin, parsed.error().reason);
    const double* real = parsed->as<double>();
    if (real == nullptr) return std::move(*parsed);
    if (std::isinf(*real)) fail(begin, "OverflowError: cannot convert float infinity to integer");
    if (std::trunc(*real) == *real && std::fabs(*real) < 1e10)
      return py::Value(static_cast<long long>(*real));
    return std::move(*parsed);
  }

  // true, false, null, a number, or a quoteless string to the end of the line (hjson-py's scantfnns).
  Parsed quoteless(std::size_t i) const {
    const std::size_t begin = next(i);
    const int first = at(begin);
    for (std::size_t end = begin;; ++end) {
      int ch = at(end);
      bool eol = ch == '\n' || ch == '\r' || ch == kEnd;
      bool stop = eol || ch == ',' || ch == '}' || ch == ']' || ch == '#' ||
                  (ch == '/' && (at(end + 1) == '/' || at(end + 1) == '*'));
      if (!stop) continue;
      std::string_view piece = python_strip(s_.substr(begin, end - begin));
      if (first == 'n' && piece == "null") return {py::Value(py::None{}), end};
      if (first == 't' && piece == "true") return {py::Value(true), end};
      if (first == 'f' && piece == "false") return {py::Value(false), end};
      if (first == '-' || (first >= '0' && first <= '9')) {
        std::string integer, fraction, exponent;
        if (number_end(begin, integer, fraction, exponent) == end)
          return {number(begin, integer, fraction, exponent), end};
      }
      if (eol) return {py::Value(py::Str{std::string(piece)}), end};
    }
  }

  // A key: a JSON string, or the characters up to ':' (no whitespace inside, none of {}[],).
  Parsed key(std::size_t i) const {
    i = next(i);
    if (at(i) == '"') {
      Parsed k = quoted(i);
      k.start = i;
      return k;
    }
    const std::size_t begin = i;
    std::ptrdiff_t space = -1;
    for (std::size_t end = begin;; ++end) {
      int ch = at(end);
      if (ch == kEnd) fail(end, "Bad key name (eof)");
      if (ch == ':') {
        if (begin == end) fail(begin, "Found ':' but no key name (for an empty key name use quotes)");
        if (space >= 0) {
          if (static_cast<std::size_t>(space) != end - 1) {
            fail(static_cast<std::size_t>(space),
                 "Found whitespace in your key name (use quotes to include)");
          }
          return {py::Value(py::Str{std::string(python_strip(s_.substr(begin, end - begin), false))}), end,
                  begin};
        }
        return {py::Value(py::Str{std::string(s_.substr(begin, end - begin))}), end, begin};
      }
      if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') {
        if (space < 0 || static_cast<std::size_t>(space) == end - 1) space = static_cast<std::ptrdiff_t>(end);
      } else if (ch == '{' || ch == '}' || ch == '[' || ch == ']' || ch == ',') {
        fail(begin, std::string("Found '") + static_cast<char>(ch) +
                        "' where a key name was expected (check your syntax or use quotes if the key name "
                        "includes {}[],: or whitespace)");
      }
    }
  }

  Parsed object(std::size_t i, bool braceless, std::size_t depth) {
    std::vector<Pair> pairs;
    i = next(i);
    if (!braceless && at(i) == '}') return {py::Value(py::Dict{}), i + 1};
    while (true) {
      Parsed k = key(i);
      i = next(k.end);
      if (at(i) != ':') fail(i, "Expecting ':' delimiter");
      i = next(i + 1);
      Parsed v = value(i, depth);
      pairs.push_back({std::move(*k.value.as<py::Str>()), std::move(v.value), k.start});
      i = next(v.end);
      if (at(i) == ',') i = next(i + 1);
      if (braceless ? at(i) == kEnd : at(i) == '}') {
        if (!braceless) ++i;
        break;
      }
      i = next(i);
    }
    return {py::Value(unique_keys(std::move(pairs))), i};
  }

  // DeepSpeed's dict_raise_error_on_duplicate_keys: the repeated keys, in the order they first appear; the
  // error points at the first repetition.
  py::Dict unique_keys(std::vector<Pair> pairs) const {
    std::map<std::string, std::size_t> seen;
    std::vector<py::Str> repeated;
    std::size_t first_repeat = s_.size();
    for (const Pair& p : pairs) {
      if (++seen[p.key.text] != 2) continue;
      repeated.push_back(p.key);
      first_repeat = std::min(first_repeat, p.start);
    }
    if (!repeated.empty()) {
      std::string list = "[";
      for (std::size_t n = 0; n < repeated.size(); ++n) list += (n ? ", " : "") + shown_key(repeated[n]);
      fail(first_repeat, "ValueError: Duplicate keys in DeepSpeed config: " + list + "]",
           HjsonError::Kind::duplicate_keys);
    }
    py::Dict out;
    out.reserve(pairs.size());
    for (Pair& p : pairs) out.set(std::move(p.key), std::move(p.value));
    return out;
  }

  Parsed array(std::size_t i, std::size_t depth) {
    py::List items;
    i = next(i);
    if (at(i) == ']') return {py::Value(std::move(items)), i + 1};
    if (at(i) == kEnd) fail(i, "End of input while parsing an array (did you forget a closing ']'?)");
    while (true) {
      Parsed v = value(i, depth);
      items.push_back(std::move(v.value));
      i = next(v.end);
      if (at(i) == ',') i = next(i + 1);
      if (at(i) == ']') return {py::Value(std::move(items)), i + 1};
      i = next(i);
    }
  }

  std::string_view s_;
};

}  // namespace

std::string universal_newlines(std::string_view raw) {
  std::string out;
  out.reserve(raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] != '\r') {
      out += raw[i];
      continue;
    }
    out += '\n';
    if (i + 1 < raw.size() && raw[i + 1] == '\n') ++i;
  }
  return out;
}

tl::expected<py::Value, HjsonError> parse_hjson(std::string_view text) {
  try {
    return Parser(text).document();
  } catch (const Failure& f) {
    return tl::unexpected(f.error);
  }
}

}  // namespace zfcheck
