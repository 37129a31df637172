// Tests of parse-error positions and caret excerpts (harness/io/json_error_text).
#include "harness/io/json_error_text.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(JsonErrorText, PositionsCountLinesAndCharactersFromOne) {
  EXPECT_EQ(position_at("abc", 0).line, 1u);
  EXPECT_EQ(position_at("abc", 0).column, 1u);
  EXPECT_EQ(position_at("ab\ncd", 4).line, 2u);
  EXPECT_EQ(position_at("ab\ncd", 4).column, 2u);
  EXPECT_EQ(position_at("\xc3\xa9t\xc3\xa9x", 5).column, 4u);  // "été" is three characters, five bytes
  EXPECT_EQ(position_at("ab", 99).column, 3u);                 // past the end: the end
  EXPECT_EQ(position_text("{\"a\":}", 5), "column 6");
  EXPECT_EQ(position_text("{\n\"a\":}", 6), "line 2, column 5");
}

TEST(JsonErrorText, TheExcerptIsTheLineWithACaretUnderTheSpot) {
  std::string text = "{\n  \"zenflow\": {}\n  \"stage\": 3\n}";
  EXPECT_EQ(caret_excerpt(text, text.find("\"stage\"")), "      \"stage\": 3\n      ^\n");
  EXPECT_EQ(caret_excerpt("\tx y", 3, ""), "\tx y\n\t  ^\n");  // a tab stays a tab, so the caret lines up
  EXPECT_EQ(caret_excerpt("{\"a\":", 5, ""), "{\"a\":\n     ^\n");  // the end of the text
}

TEST(JsonErrorText, ALongLineIsCutAroundTheSpot) {
  std::string line = std::string(200, 'a') + "!" + std::string(200, 'b');
  std::string excerpt = caret_excerpt(line, 200, "");
  EXPECT_EQ(excerpt, "..." + std::string(50, 'a') + "!" + std::string(50, 'b') + "...\n" +
                         std::string(53, ' ') + "^\n");
}

TEST(JsonErrorText, TheMessageNamesTheInputLineAndColumnAndShowsTheLine) {
  std::string text = "{\n  \"zenflow\": {}\n  \"stage\": 3\n}\n";
  auto error = py::parse_json(text);
  ASSERT_FALSE(error);
  EXPECT_EQ(json_error_message("ds.json", text, error.error()),
            "ds.json: line 3, column 3: not JSON: " + error.error().reason + "\n      \"stage\": 3\n      ^");
}

}  // namespace
}  // namespace zfcheck
