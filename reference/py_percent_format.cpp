// PyUnicode_Format's reading of a format string with one int operand (CPython's unicode_format_arg_parse and
// unicode_format_arg_format), without the text it writes.
#include "reference/py_percent_format.hpp"

#include "reference/utf8.hpp"

#include <cstdint>
#include <cstdio>
#include <limits>
#include <string_view>
#include <vector>

namespace zfcheck::py {

namespace {

constexpr std::uint64_t kLargestAllocated = std::uint64_t{1} << 24;

Error format_type_error(std::string_view message) { return raised("TypeError", message); }
Error format_value_error(std::string_view message) { return raised("ValueError", message); }

class PercentFormatReader {
 public:
  explicit PercentFormatReader(const Str& format) {
    for (std::size_t at = 0; at < format.text.size();) chars_.push_back(utf8::decode(format.text, at));
  }

  std::variant<Formatted, Error, FormatNotModelled> run() {
    while (pos_ < chars_.size()) {
      if (chars_[pos_++] != '%') continue;
      if (pos_ < chars_.size() && chars_[pos_] == '%') {
        ++pos_;
        continue;
      }
      auto step = conversion();
      if (!std::holds_alternative<Formatted>(step)) return step;
    }
    if (!operand_used_) return format_type_error("not all arguments converted during string formatting");
    return Formatted{};
  }

 private:
  // The next character, or nothing at the end (CPython's fmtcnt gone below zero).
  bool next() {
    if (pos_ >= chars_.size()) {
      ch_ = 0;
      return false;
    }
    ch_ = chars_[pos_++];
    return true;
  }

  std::optional<Error> take_operand() {
    if (operand_used_) return format_type_error("not enough arguments for format string");
    operand_used_ = true;
    return std::nullopt;
  }

  // Digits after the first (ch_), as CPython accumulates them, refusing past `limit`.
  std::optional<Error> number(std::uint64_t limit, std::string_view too_big, std::uint64_t& value,
                              bool& more) {
    value = ch_ - '0';
    while ((more = next())) {
      if (ch_ < '0' || ch_ > '9') break;
      const std::uint64_t digit = ch_ - '0';
      if (value > (limit - digit) / 10) return format_value_error(too_big);
      value = value * 10 + digit;
    }
    return std::nullopt;
  }

  std::variant<Formatted, Error, FormatNotModelled> conversion() {
    if (pos_ < chars_.size() && chars_[pos_] == '(') return format_type_error("format requires a mapping");
    bool more = false;
    while ((more = next())) {
      if (ch_ != '-' && ch_ != '+' && ch_ != ' ' && ch_ != '#' && ch_ != '0') break;
    }
    std::uint64_t width = 0;
    std::uint64_t precision = 0;
    if (ch_ == '*') {
      if (auto error = take_operand()) return *error;
      more = next();
    } else if (ch_ >= '0' && ch_ <= '9') {
      if (auto error = number(std::numeric_limits<std::int64_t>::max(), "width too big", width, more))
        return *error;
    }
    if (ch_ == '.') {
      more = next();
      if (ch_ == '*') {
        if (auto error = take_operand()) return *error;
        more = next();
      } else if (ch_ >= '0' && ch_ <= '9') {
        if (auto error = number(std::numeric_limits<int>::max(), "precision too big", precision, more))
          return *error;
      }
    }
    if (more && (ch_ == 'h' || ch_ == 'l' || ch_ == 'L')) more = next();
    if (!more) return format_value_error("incomplete format");
    if (auto error = take_operand()) return *error;
    switch (ch_) {
      case 's':
      case 'r':
      case 'a':
      case 'i':
      case 'd':
      case 'u':
      case 'o':
      case 'x':
      case 'X':
      case 'e':
      case 'E':
      case 'f':
      case 'F':
      case 'g':
      case 'G':
      case 'c':
        if (width > kLargestAllocated || precision > kLargestAllocated) return FormatNotModelled{};
        return Formatted{};
      default: {
        char text[96];
        std::snprintf(text, sizeof text, "unsupported format character '%c' (0x%x) at index %zu",
                      ch_ >= 31 && ch_ <= 126 ? static_cast<char>(ch_) : '?', ch_, pos_ - 1);
        return format_value_error(text);
      }
    }
  }

  std::vector<std::uint32_t> chars_;
  std::size_t pos_ = 0;
  std::uint32_t ch_ = 0;
  bool operand_used_ = false;
};

}  // namespace

std::variant<Formatted, Error, FormatNotModelled> format_one_int(const Str& format) {
  return PercentFormatReader(format).run();
}

}  // namespace zfcheck::py
