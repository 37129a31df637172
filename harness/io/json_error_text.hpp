// Where a text failed to parse, as people read it: "line L, column C", and the line with a caret under the
// spot. The one way every command reports JSON that does not parse.
#pragma once

#include "reference/py_json.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace zfcheck {

// 1-based; the column counts characters (UTF-8 code points), a tab as one.
struct TextPosition {
  std::size_t line = 1;
  std::size_t column = 1;
};

// The position of byte `offset` of `text` (an offset past the end is the end).
TextPosition position_at(std::string_view text, std::size_t offset);

// "line L, column C" of byte `offset`.
std::string line_and_column(std::string_view text, std::size_t offset);
// The same, or "column C" when the text is a single line (a case line, a command-line argument).
std::string position_text(std::string_view text, std::size_t offset);

// The line of `text` that holds `offset` and, below it, a caret under that character, each line starting
// with `indent` and ending with '\n'. A long line is cut around the spot, "..." marking each cut.
std::string caret_excerpt(std::string_view text, std::size_t offset, std::string_view indent = "    ");

// "<name>: line L, column C: not JSON: <reason>", then the caret excerpt on the lines below (no final
// newline).
std::string json_error_message(std::string_view name, std::string_view text, const py::JsonError& error);

}  // namespace zfcheck
