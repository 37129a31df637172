// Column layout for plain-text and markdown tables.
#include "harness/io/text_table.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

// Display width: UTF-8 code points (the cells hold no wide characters).
std::size_t width(std::string_view s) {
  return static_cast<std::size_t>(
      std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string markdown_cell(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += '\\';
    out += c;
  }
  return out;
}

void text_row(std::string& out, const std::vector<std::string>& cells,
              const std::vector<std::size_t>& widths) {
  std::string line;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) line += "  ";
    line += cells[i];
    if (i + 1 < cells.size()) line.append(widths[i] - width(cells[i]), ' ');
  }
  out += line + "\n";
}

void markdown_row(std::string& out, const std::vector<std::string>& cells) {
  out += "|";
  for (const auto& cell : cells) out += " " + markdown_cell(cell) + " |";
  out += "\n";
}

}  // namespace

std::optional<TableFormat> parse_table_format(std::string_view name) {
  if (name == "text") return TableFormat::text;
  if (name == "markdown") return TableFormat::markdown;
  return std::nullopt;
}

std::string render_table(const std::vector<std::string>& headers,
                         const std::vector<std::vector<std::string>>& rows, TableFormat format) {
  std::string out;
  if (format == TableFormat::markdown) {
    markdown_row(out, headers);
    out += "|";
    for (std::size_t i = 0; i < headers.size(); ++i) out += "---|";
    out += "\n";
    for (const auto& row : rows) markdown_row(out, row);
    return out;
  }
  std::vector<std::size_t> widths(headers.size());
  for (std::size_t i = 0; i < headers.size(); ++i) {
    widths[i] = width(headers[i]);
    for (const auto& row : rows) widths[i] = std::max(widths[i], width(row[i]));
  }
  text_row(out, headers, widths);
  std::vector<std::string> rule;
  for (std::size_t w : widths) rule.emplace_back(w, '-');
  text_row(out, rule, widths);
  for (const auto& row : rows) text_row(out, row, widths);
  return out;
}

}  // namespace zfcheck
