// docs/invariants.md against the registries it documents: every row's name, statement and why, in order.
#include "harness/checks/invariants.hpp"
#include "kernels/check/topk_invariants.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Row {
  std::string name, statement, why;
  bool operator==(const Row&) const = default;
};

// A Markdown cell as plain text: code spans unmarked, escaped bars unescaped, spaces trimmed.
std::string plain(std::string cell) {
  std::string out;
  for (std::size_t i = 0; i < cell.size(); ++i) {
    if (cell[i] == '`') continue;
    if (cell[i] == '\\' && i + 1 < cell.size() && cell[i + 1] == '|') continue;
    out += cell[i];
  }
  std::size_t first = out.find_first_not_of(' ');
  return first == std::string::npos ? "" : out.substr(first, out.find_last_not_of(' ') - first + 1);
}

// The invariant rows (those whose first cell is a code span) of the table under `## section`.
std::vector<Row> table_rows(const std::string& markdown, const std::string& section) {
  std::vector<Row> rows;
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
    if (cells.size() == 3) rows.push_back({cells[0], cells[1], cells[2]});
    else rows.push_back({"(a row without three cells: " + line + ")", "", ""});
  }
  return rows;
}

template <typename Registry>
std::vector<Row> registry_rows(const Registry& registry) {
  std::vector<Row> rows;
  for (const auto& inv : registry) rows.push_back({std::string(inv.name), std::string(inv.statement), std::string(inv.why)});
  return rows;
}

std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

// Empty when the documented rows are the registry's; else what differs and the table to write.
std::string mismatch(const std::vector<Row>& documented, const std::vector<Row>& registry) {
  if (documented == registry) return "";
  std::string text = "docs/invariants.md differs from the registry";
  for (std::size_t i = 0; i < std::max(documented.size(), registry.size()); ++i) {
    if (i < documented.size() && i < registry.size() && documented[i] == registry[i]) continue;
    text += "\n  row " + std::to_string(i + 1) + ": documented '" +
            (i < documented.size() ? documented[i].name + " | " + documented[i].statement + " | " + documented[i].why
                                   : "(none)") +
            "'\n         registry   '" +
            (i < registry.size() ? registry[i].name + " | " + registry[i].statement + " | " + registry[i].why
                                 : "(none)") +
            "'";
  }
  text += "\nThe rows to write (add code spans where they help):\n";
  for (const Row& r : registry) text += "| `" + r.name + "` | " + escaped(r.statement) + " | " + escaped(r.why) + " |\n";
  return text;
}

std::string catalogue() {
  std::ifstream in(ZFCHECK_INVARIANTS_DOC);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

TEST(InvariantsDoc, ScheduleTableIsTheRegistry) {
  EXPECT_EQ(mismatch(table_rows(catalogue(), "Schedule and set-up"), registry_rows(zfcheck::invariants())), "");
}

TEST(InvariantsDoc, TopkTableIsTheRegistry) {
  EXPECT_EQ(mismatch(table_rows(catalogue(), "Top-k column selection"), registry_rows(zfcheck::topk_invariants())),
            "");
}

TEST(InvariantsDoc, ComparisonSeesAChangedAMissingAndAnExtraRow) {
  const std::string doc =
      "## A\n\n| name | statement | why |\n|---|---|---|\n| `x` | `a` \\| b | c |\n| `y` | d | e |\n## B\n| `z` | f | g |\n";
  std::vector<Row> rows = table_rows(doc, "A");
  ASSERT_EQ(rows, (std::vector<Row>{{"x", "a | b", "c"}, {"y", "d", "e"}}));
  EXPECT_EQ(mismatch(rows, rows), "");
  EXPECT_NE(mismatch(rows, {{"x", "a | b", "c"}, {"y", "d", "E"}}), "");
  EXPECT_NE(mismatch(rows, {{"x", "a | b", "c"}}), "");
  EXPECT_NE(mismatch(rows, {{"x", "a | b", "c"}, {"y", "d", "e"}, {"z", "f", "g"}}), "");
}

}  // namespace
