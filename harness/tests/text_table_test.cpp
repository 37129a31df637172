// Table rendering: aligned text columns and markdown with escaped pipes.
#include "harness/io/text_table.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(TextTable, alignsColumnsUnderARule) {
  EXPECT_EQ(render_table({"a", "long header"}, {{"wide cell", "x"}, {"b", "y"}}, TableFormat::text),
            "a          long header\n"
            "---------  -----------\n"
            "wide cell  x\n"
            "b          y\n");
}

TEST(TextTable, markdownEscapesPipes) {
  EXPECT_EQ(render_table({"h|1", "h2"}, {{"a|b", "c"}}, TableFormat::markdown),
            "| h\\|1 | h2 |\n|---|---|\n| a\\|b | c |\n");
}

TEST(TextTable, parsesFormatNames) {
  EXPECT_EQ(parse_table_format("text"), TableFormat::text);
  EXPECT_EQ(parse_table_format("markdown"), TableFormat::markdown);
  EXPECT_EQ(parse_table_format("html"), std::nullopt);
}

}  // namespace
}  // namespace zfcheck
