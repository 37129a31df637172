// Tests of bounded line reading (harness/line_reader).
#include "harness/io/line_reader.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace zfcheck {
namespace {

std::vector<std::string> read_all(const std::string& text, std::size_t cap, std::vector<bool>* long_flags = nullptr) {
  std::istringstream in(text);
  LineReader reader(in, cap);
  std::vector<std::string> lines;
  std::string line;
  bool too_long = false;
  while (reader.next(line, too_long)) {
    lines.push_back(line);
    if (long_flags) long_flags->push_back(too_long);
    EXPECT_EQ(reader.line_number(), lines.size());
  }
  return lines;
}

TEST(LineReader, SplitsOnNewlinesAndKeepsEmptyLines) {
  EXPECT_EQ(read_all("a\n\nb\n", 100), (std::vector<std::string>{"a", "", "b"}));
  EXPECT_EQ(read_all("a\nb", 100), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(read_all("", 100), std::vector<std::string>{});
}

TEST(LineReader, LinesLongerThanTheCapAreCutAndFlagged) {
  std::vector<bool> flags;
  auto lines = read_all(std::string(10, 'x') + "\nok\n", 4, &flags);
  EXPECT_EQ(lines, (std::vector<std::string>{"xxxx", "ok"}));
  EXPECT_EQ(flags, (std::vector<bool>{true, false}));
}

TEST(LineReader, LinesSpanningManyChunksAreWhole) {
  std::string big(200000, 'y');
  auto lines = read_all(big + "\n" + big, 1 << 20);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], big);
  EXPECT_EQ(lines[1], big);
}

}  // namespace
}  // namespace zfcheck
