// Positions and caret excerpts for parse errors: lines counted by '\n', columns by UTF-8 code point.
#include "harness/io/json_error_text.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

bool continuation_byte(char ch) { return (static_cast<unsigned char>(ch) & 0xC0) == 0x80; }

std::size_t characters(std::string_view text) {
  return static_cast<std::size_t>(
      std::count_if(text.begin(), text.end(), [](char ch) { return !continuation_byte(ch); }));
}

// The byte index `n` characters after `from` in `text` (or its end).
std::size_t advance(std::string_view text, std::size_t from, std::size_t n) {
  std::size_t at = from;
  while (at < text.size() && n > 0) {
    ++at;
    while (at < text.size() && continuation_byte(text[at])) ++at;
    --n;
  }
  return at;
}

// The byte index `n` characters before `from` (or 0).
std::size_t retreat(std::string_view text, std::size_t from, std::size_t n) {
  std::size_t at = from;
  while (at > 0 && n > 0) {
    --at;
    while (at > 0 && continuation_byte(text[at])) --at;
    --n;
  }
  return at;
}

// Characters shown on each side of the spot before a long line is cut.
constexpr std::size_t kContext = 50;

}  // namespace

TextPosition position_at(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  std::string_view before = text.substr(0, offset);
  std::size_t line_start = before.rfind('\n');
  line_start = line_start == std::string_view::npos ? 0 : line_start + 1;
  return TextPosition{1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n')),
                      1 + characters(before.substr(line_start))};
}

std::string line_and_column(std::string_view text, std::size_t offset) {
  TextPosition at = position_at(text, offset);
  return "line " + std::to_string(at.line) + ", column " + std::to_string(at.column);
}

std::string position_text(std::string_view text, std::size_t offset) {
  if (text.find('\n') == std::string_view::npos)
    return "column " + std::to_string(position_at(text, offset).column);
  return line_and_column(text, offset);
}

std::string caret_excerpt(std::string_view text, std::size_t offset, std::string_view indent) {
  offset = std::min(offset, text.size());
  std::size_t begin = text.substr(0, offset).rfind('\n');
  begin = begin == std::string_view::npos ? 0 : begin + 1;
  std::size_t end = text.find('\n', offset);
  end = end == std::string_view::npos ? text.size() : end;
  if (end > begin && text[end - 1] == '\r') --end;
  offset = std::min(offset, end);
  std::size_t from = retreat(text, offset, kContext);
  std::size_t to = advance(text, offset, kContext + 1);  // the spot itself, then the context
  std::string shown = from > begin ? "..." : "";
  std::string under(shown.size(), ' ');
  for (std::size_t i = std::max(from, begin); i < offset; ++i) {
    if (!continuation_byte(text[i])) under += text[i] == '\t' ? '\t' : ' ';
  }
  shown += text.substr(std::max(from, begin), std::min(to, end) - std::max(from, begin));
  if (to < end) shown += "...";
  return std::string(indent) + shown + "\n" + std::string(indent) + under + "^\n";
}

std::string json_error_message(std::string_view name, std::string_view text, const py::JsonError& error) {
  std::string excerpt = caret_excerpt(text, error.offset);
  excerpt.pop_back();
  return std::string(name) + ": " + line_and_column(text, error.offset) + ": not JSON: " + error.reason +
         "\n" + excerpt;
}

}  // namespace zfcheck
