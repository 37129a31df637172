// docs/invariants.md against the registries it documents: every row's name, statement and why, in order.
#include "docs/tests/markdown_table.hpp"
#include "harness/checks/invariants.hpp"
#include "kernels/check/topk_invariants.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

namespace {

struct Row {
  std::string name, statement, why;
  bool operator==(const Row&) const = default;
};

// The invariant rows of the table under `## section`, as name, statement, why.
std::vector<Row> table_rows(const std::string& markdown, const std::string& section) {
  std::vector<Row> rows;
  for (const auto& cells : zfcheck::docs::code_rows(markdown, section)) {
    if (cells.size() == 3)
      rows.push_back({cells[0], cells[1], cells[2]});
    else
      rows.push_back({"(a row without three cells: " + (cells.empty() ? "" : cells[0]) + ")", "", ""});
  }
  return rows;
}

template <typename Registry>
std::vector<Row> registry_rows(const Registry& registry) {
  std::vector<Row> rows;
  for (const auto& inv : registry) {
    rows.push_back({std::string(inv.name), std::string(inv.statement), std::string(inv.why)});
  }
  return rows;
}

std::string escaped(const std::string& text) {
  std::string out;
  for (char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c);
  return out;
}

// Row i as one line of text, or "(none)" past the end.
std::string row_text(const std::vector<Row>& rows, std::size_t i) {
  return i < rows.size() ? rows[i].name + " | " + rows[i].statement + " | " + rows[i].why : "(none)";
}

// Empty when the documented rows are the registry's; else what differs and the table to write.
std::string mismatch(const std::vector<Row>& documented, const std::vector<Row>& registry) {
  if (documented == registry) return "";
  std::string text = "docs/invariants.md differs from the registry";
  for (std::size_t i = 0; i < std::max(documented.size(), registry.size()); ++i) {
    if (row_text(documented, i) == row_text(registry, i)) continue;
    text += "\n  row " + std::to_string(i + 1) + ": documented '" + row_text(documented, i) +
            "'\n         registry   '" + row_text(registry, i) + "'";
  }
  text += "\nThe rows to write (add code spans where they help):\n";
  for (const Row& r : registry) {
    text += "| `" + r.name + "` | " + escaped(r.statement) + " | " + escaped(r.why) + " |\n";
  }
  return text;
}

std::string catalogue() { return zfcheck::docs::read_doc("docs/invariants.md"); }

TEST(InvariantsDoc, ScheduleTableIsTheRegistry) {
  EXPECT_EQ(mismatch(table_rows(catalogue(), "Schedule and set-up"), registry_rows(zfcheck::invariants())),
            "");
}

TEST(InvariantsDoc, TopkTableIsTheRegistry) {
  EXPECT_EQ(
      mismatch(table_rows(catalogue(), "Top-k column selection"), registry_rows(zfcheck::topk_invariants())),
      "");
}

TEST(InvariantsDoc, ComparisonSeesAChangedAMissingAndAnExtraRow) {
  const std::string doc =
      "## A\n\n| name | statement | why |\n|---|---|---|\n| `x` | `a` \\| b | c |\n| `y` | d | e |\n## B\n| "
      "`z` | f | g |\n";
  std::vector<Row> rows = table_rows(doc, "A");
  ASSERT_EQ(rows, (std::vector<Row>{{"x", "a | b", "c"}, {"y", "d", "e"}}));
  EXPECT_EQ(mismatch(rows, rows), "");
  EXPECT_NE(mismatch(rows, {{"x", "a | b", "c"}, {"y", "d", "E"}}), "");
  EXPECT_NE(mismatch(rows, {{"x", "a | b", "c"}}), "");
  EXPECT_NE(mismatch(rows, {{"x", "a | b", "c"}, {"y", "d", "e"}, {"z", "f", "g"}}), "");
}

}  // namespace
