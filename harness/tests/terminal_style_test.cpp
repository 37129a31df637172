// Tests of the colour decision and painting (harness/io/terminal_style).
#include "harness/io/terminal_style.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(TerminalStyle, ColourOnlyOnATerminalWithoutNoColorOrADumbTerminal) {
  EXPECT_TRUE(TerminalStyle::wanted(true, nullptr, "xterm"));
  EXPECT_TRUE(TerminalStyle::wanted(true, "", nullptr));  // NO_COLOR empty counts as unset
  EXPECT_FALSE(TerminalStyle::wanted(false, nullptr, "xterm"));
  EXPECT_FALSE(TerminalStyle::wanted(true, "1", "xterm"));
  EXPECT_FALSE(TerminalStyle::wanted(true, nullptr, "dumb"));
}

TEST(TerminalStyle, PaintWrapsInAnsiColourOrLeavesTheTextAsItIs) {
  EXPECT_EQ(TerminalStyle(false).paint("agreement", Tone::good), "agreement");
  EXPECT_EQ(TerminalStyle(true).paint("agreement", Tone::good), "\033[32magreement\033[0m");
  EXPECT_EQ(TerminalStyle(true).paint("1 mismatch", Tone::bad), "\033[1;31m1 mismatch\033[0m");
}

}  // namespace
}  // namespace zfcheck
