// Reads the tables of a Markdown doc as plain text, so that tests can hold a doc against the code.
#pragma once

#include "reference/tests/test_paths.hpp"

#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck::docs {

// The whole text of a doc, named by its path in the checkout; empty when it cannot be read (the comparisons
// then name every missing row).
inline std::string read_doc(std::string_view relative) {
  std::ifstream in(testing::source_path(relative));
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A Markdown cell as plain text: code spans unmarked, escaped bars unescaped, spaces trimmed.
inline std::string plain(const std::string& cell) {
  std::string out;
  for (std::size_t i = 0; i < cell.size(); ++i) {
    if (cell[i] == '`') continue;
    if (cell[i] == '\\' && i + 1 < cell.size() && cell[i + 1] == '|') continue;
    out += cell[i];
  }
  std::size_t first = out.find_first_not_of(' ');
  return first == std::string::npos ? "" : out.substr(first, out.find_last_not_of(' ') - first + 1);
}

// The cells of each row whose first cell is a code span, in the tables under the heading `## section`.
inline std::vector<std::vector<std::string>> code_rows(const std::string& markdown,
                                                       const std::string& section) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(markdown);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) inside = line == "## " + section;
    if (!inside || line.rfind("| `", 0) != 0) continue;
    std::vector<std::string> cells;
    std::string cell;
    for (std::size_t i = 1; i < line.size(); ++i) {
      if (line[i] == '|' && line[i - 1] != '\\') {
        cells.push_back(plain(cell));
        cell.clear();
      } else {
        cell += line[i];
      }
    }
    rows.push_back(cells);
  }
  return rows;
}

}  // namespace zfcheck::docs
