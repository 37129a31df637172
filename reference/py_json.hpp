// JSON text to and from Python objects, in the dialect of Python's json module (what upstream reads).
//
// Upstream's config arrives through json.loads, which is more permissive than RFC 8259 in ways that
// change what ZenFlow sees: NaN, Infinity and -Infinity are literals, integers are unbounded (up to
// Python's 4300-digit conversion limit), a number too large for a double becomes inf, and "\ud800"
// is a legal lone surrogate. nlohmann/json implements RFC 8259 and rejects or rounds all of these,
// so the case reader and the writer of results that echo such values are written here.
#pragma once

#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace zfcheck::py {

struct JsonError {
  std::size_t offset = 0;  // byte offset in the text
  std::string reason;
};

// Python caps int() conversions of decimal text at this many digits; json.loads fails beyond it.
inline constexpr std::size_t kMaxIntDigits = 4300;
// Nesting deeper than this is refused (Python's own parser fails near its recursion limit of 1000).
inline constexpr std::size_t kMaxDepth = 512;

// json.loads(text). The text must be valid UTF-8 (it is a decoded Python str upstream).
tl::expected<Value, JsonError> parse_json(std::string_view text);

// Appends JSON for `value` as json.dumps writes it (ensure_ascii, NaN/Infinity literals, Python's
// float repr), without spaces after separators.
void write_json(std::string& out, const Value& value);
std::string to_json(const Value& value);

// Pieces of the writer, for records that are written field by field.
void write_json_string(std::string& out, std::string_view wtf8);
void write_json_float(std::string& out, double value);
void write_json_int(std::string& out, const Int& value);
void write_json_int(std::string& out, std::int64_t value);

// Writes a JSON object key by key: `ObjectWriter o(out); write_json_int(o.key("a"), 1); o.close();`
class ObjectWriter {
 public:
  explicit ObjectWriter(std::string& out) : out_(out) { out_ += '{'; }
  // Writes the separator and the key; the caller appends the value to the returned string. Keys are
  // the record's own names (printable ASCII, no quotes or backslashes), so they need no escaping.
  std::string& key(std::string_view name) {
    if (!first_) out_ += ',';
    first_ = false;
    out_ += '"';
    out_ += name;
    out_ += "\":";
    return out_;
  }
  void close() { out_ += '}'; }

 private:
  std::string& out_;
  bool first_ = true;
};

// Python's repr(float): the shortest text that reads back to the same double.
std::string float_repr(double value);

}  // namespace zfcheck::py
