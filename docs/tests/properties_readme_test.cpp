// properties/README.md's table of hand-written properties against the suite: every one, in its order, with
// its domain.
#include "docs/tests/markdown_table.hpp"
#include "properties/suite/suite.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

// "name: domain" per row of the table.
std::vector<std::string> documented_rows() {
  std::vector<std::string> rows;
  for (const auto& cells : zfcheck::docs::code_rows(zfcheck::docs::read_doc("properties/README.md"),
                                                    "The hand-written properties")) {
    rows.push_back(cells.size() < 2 ? "(a row without a domain)" : cells[0] + ": " + cells[1]);
  }
  return rows;
}

TEST(PropertiesReadme, ListsEveryHandWrittenPropertyOfTheSuiteInOrderWithItsDomain) {
  std::vector<std::string> suite;
  for (const zfcheck::props::PropertySpec& spec : zfcheck::props::property_suite()) {
    if (spec.invariant.empty())
      suite.push_back(spec.name + ": " + std::string(zfcheck::props::domain_name(spec.domain)));
  }
  EXPECT_FALSE(suite.empty());
  EXPECT_EQ(documented_rows(), suite);
}

}  // namespace
