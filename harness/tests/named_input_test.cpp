// Tests of inputs named on the command line (harness/io/named_input).
#include "harness/io/named_input.hpp"

#include "cli_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(NamedInput, AFileIsReadWhole) {
  std::string path = testing::write_temp("named_input_ok.json", "{\"a\": 1}\n");
  auto input = read_input_text(path, 100);
  ASSERT_TRUE(input) << input.error();
  EXPECT_EQ(input->name, path);
  EXPECT_EQ(input->text, "{\"a\": 1}\n");
}

TEST(NamedInput, ErrorsNameTheInputAndSayWhy) {
  EXPECT_EQ(read_input_text("/nonexistent/zfcheck.json", 100).error(),
            "/nonexistent/zfcheck.json: no such file");
  std::string dir = ::testing::TempDir();
  EXPECT_EQ(read_input_text(dir, 100).error(), dir + ": is a directory, not a file");
  std::string big = testing::write_temp("named_input_big.json", std::string(2048, ' '));
  EXPECT_EQ(read_input_text(big, 1024).error(), big + ": larger than 1 KiB (2048 bytes)");
  EXPECT_TRUE(read_input_text(big, 2048));  // exactly the cap is allowed
  EXPECT_EQ(InputFile(dir).error(), dir + ": is a directory, not a file");
  EXPECT_EQ(InputFile("/nonexistent/cases.jsonl").error(), "/nonexistent/cases.jsonl: no such file");
}

TEST(NamedInput, DashIsStandardInputByName) {
  EXPECT_EQ(input_name("-"), "standard input");
  EXPECT_EQ(InputFile("-").name(), "standard input");
  EXPECT_TRUE(InputFile("-").error().empty());
}

TEST(NamedInput, SizesAreWrittenInTheirLargestWholeUnit) {
  EXPECT_EQ(size_text(std::size_t{1} << 20), "1 MiB");
  EXPECT_EQ(size_text(std::size_t{64} << 10), "64 KiB");
  EXPECT_EQ(size_text(1000), "1000 bytes");
}

}  // namespace
}  // namespace zfcheck
