// properties/README.md's tables of hand-written and top-k properties against the suite: every one, in its
// order, with its domain.
#include "docs/tests/markdown_table.hpp"
#include "properties/suite/suite.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

// "name: domain" per row of the table under `## section`.
std::vector<std::string> documented_rows(const std::string& section) {
  std::vector<std::string> rows;
  for (const auto& cells :
       zfcheck::docs::code_rows(zfcheck::docs::read_doc("properties/README.md"), section)) {
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
  EXPECT_EQ(documented_rows("The hand-written properties"), suite);
}

TEST(PropertiesReadme, ListsEveryTopkPropertyInOrder) {
  std::vector<std::string> suite;
  for (const zfcheck::props::TopkPropertySpec& spec : zfcheck::props::topk_property_suite())
    suite.push_back(spec.name + ": " +
                    std::string(zfcheck::props::domain_name(zfcheck::props::Domain::topk)));
  EXPECT_FALSE(suite.empty());
  EXPECT_EQ(documented_rows("The top-k properties"), suite);
}

}  // namespace
