// The pieces of a report that is markdown or plain text: headings, code blocks, quoted names.
#pragma once

#include "harness/io/text_table.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace zfcheck {

// Markdown: `level` '#'s. Text: the line underlined, '=' for level 1 and 2, '-' below.
inline std::string heading(std::string_view text, TableFormat format, int level = 2) {
  if (format == TableFormat::markdown)
    return std::string(static_cast<std::size_t>(level), '#') + " " + std::string(text) + "\n\n";
  return std::string(text) + "\n" + std::string(text.size(), level <= 2 ? '=' : '-') + "\n\n";
}

// Markdown: a fenced block in `language`. Text: the code indented by four spaces.
inline std::string code_block(const std::string& code, TableFormat format, std::string_view language = "json") {
  if (format == TableFormat::markdown) return "```" + std::string(language) + "\n" + code + "\n```\n\n";
  return "    " + code + "\n\n";
}

// Markdown: `text` in backquotes; text: as it is.
inline std::string quoted(const std::string& text, TableFormat format) {
  return format == TableFormat::markdown ? "`" + text + "`" : text;
}

}  // namespace zfcheck
