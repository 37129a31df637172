// docs/eval-format.md's case table against the case reader: the range it states for micro_steps.
#include "docs/tests/markdown_table.hpp"
#include "harness/io/case_io.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

// The "type" cell of the case table's row for `field`.
std::string documented_type(const std::string& field) {
  for (const auto& cells :
       zfcheck::docs::code_rows(zfcheck::docs::read_doc("docs/eval-format.md"), "Case (input line)")) {
    if (cells.size() > 1 && cells[0] == field) return cells[1];
  }
  return "(no row for " + field + ")";
}

// 1000000 as the doc writes it: 1,000,000.
std::string with_thousands(std::int64_t n) {
  std::string digits = std::to_string(n);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3)
    digits.insert(static_cast<std::size_t>(i), ",");
  return digits;
}

TEST(EvalFormatDoc, MicroStepsRangeIsTheReadersCap) {
  EXPECT_EQ(documented_type("micro_steps"), "integer from 0 to " + with_thousands(zfcheck::kMaxMicroSteps));
}

}  // namespace
