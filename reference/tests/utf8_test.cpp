// Tests of UTF-8 validation, decoding and Rust-style trimming (reference/utf8).
#include "reference/utf8.hpp"

#include <gtest/gtest.h>

namespace zfcheck::utf8 {
namespace {

TEST(Utf8, AppendAndDecodeRoundTrip) {
  for (std::uint32_t cp : {0x41u, 0xE9u, 0x20ACu, 0xD800u, 0x1F600u, 0x10FFFFu}) {
    std::string s;
    append(s, cp);
    std::size_t at = 0;
    EXPECT_EQ(decode(s, at), cp);
    EXPECT_EQ(at, s.size());
  }
}

TEST(Utf8, StrictValidationRejectsWhatPythonRejects) {
  EXPECT_EQ(first_invalid("plain \xc3\xa9"), std::string_view::npos);
  EXPECT_EQ(first_invalid("a\xc0\x80"), 1u);          // overlong
  EXPECT_EQ(first_invalid("ab\xed\xa0\x80"), 2u);     // encoded surrogate
  EXPECT_EQ(first_invalid("\xf4\x90\x80\x80"), 0u);   // above U+10FFFF
  EXPECT_EQ(first_invalid("x\xe2\x82"), 1u);          // truncated
}

TEST(Utf8, TrimRemovesUnicodeWhiteSpaceOnly) {
  EXPECT_EQ(trim(" \t1 \n"), "1");
  EXPECT_EQ(trim("\xc2\xa0" "1" "\xe3\x80\x80"), "1");  // NBSP and ideographic space
  EXPECT_EQ(trim("\xe2\x80\x8b" "1"), "\xe2\x80\x8b" "1");  // zero-width space is not White_Space
  EXPECT_EQ(trim("   "), "");
}

}  // namespace
}  // namespace zfcheck::utf8
