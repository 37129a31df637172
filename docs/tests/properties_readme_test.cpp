// properties/README.md's table of hand-written properties against the suite: every one, in its order.
#include "docs/tests/markdown_table.hpp"
#include "properties/suite/suite.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace {

std::vector<std::string> documented_names() {
  std::vector<std::string> names;
  for (const auto& cells : zfcheck::docs::code_rows(zfcheck::docs::read_doc("properties/README.md"),
                                                    "The hand-written properties")) {
    names.push_back(cells.empty() ? "(an empty row)" : cells[0]);
  }
  return names;
}

TEST(PropertiesReadme, ListsEveryHandWrittenPropertyOfTheSuiteInOrder) {
  std::vector<std::string> suite;
  for (const zfcheck::props::PropertySpec& spec : zfcheck::props::property_suite()) {
    if (spec.invariant.empty()) suite.push_back(spec.name);
  }
  EXPECT_FALSE(suite.empty());
  EXPECT_EQ(documented_names(), suite);
}

}  // namespace
