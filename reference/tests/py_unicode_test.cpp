// Python's upper(), lower() and isprintable() beyond ASCII, and where the model refuses them.
#include "reference/py_unicode.hpp"

#include <gtest/gtest.h>

namespace zfcheck::py {
namespace {

std::string shown(const std::optional<std::string>& text) { return text ? *text : "<none>"; }
Str text(const char* utf8) { return Str{utf8}; }

TEST(PyUnicode, FullCaseMappingAsPythonHasIt) {
  EXPECT_EQ(shown(upper(text("mean"))), "MEAN");
  EXPECT_EQ(shown(upper(text("stra\u00dfe"))), "STRASSE");
  EXPECT_EQ(shown(upper(text("\ufb01le"))), "FILE");
  EXPECT_EQ(shown(upper(text("\u0149"))), "\u02bcN");
  EXPECT_EQ(shown(lower(text("\u0130"))), "i\u0307");
  EXPECT_EQ(shown(lower(text("\u00c4RGER"))), "\u00e4rger");
  EXPECT_EQ(shown(upper(text("\u00c4"))), "\u00c4");  // a capital is its own uppercase
  EXPECT_EQ(shown(lower(text("\u00e4"))), "\u00e4");
}

TEST(PyUnicode, CapitalSigmaIsFinalAtAWordsEnd) {
  EXPECT_EQ(shown(lower(text("\u0391\u03a3"))), "\u03b1\u03c2");
  EXPECT_EQ(shown(lower(text("\u03a3"))), "\u03c3");
  EXPECT_EQ(shown(lower(text("\u0391\u03a3 \u0391"))), "\u03b1\u03c2 \u03b1");
  EXPECT_EQ(shown(lower(text("\u0391\u03a3\u0391"))), "\u03b1\u03c3\u03b1");
}

TEST(PyUnicode, LoneSurrogatesAreKept) {
  Str s{"a\xed\xa0\x80", true};  // "a\ud800"
  EXPECT_EQ(shown(upper(s)), "A\xed\xa0\x80");
  EXPECT_EQ(printable(0xD800), false);
}

TEST(PyUnicode, WhatPythonsAnswerDifferentlyIsRefused) {
  EXPECT_EQ(shown(upper(text("\u019b"))), "<none>");          // Unicode 16 gives it an uppercase
  EXPECT_EQ(shown(upper(text("a\u0264"))), "<none>");         // a lowercase letter without an uppercase
  EXPECT_EQ(shown(lower(text("\ua7c7"))), "<none>");          // Unicode 13: Python 3.8 leaves it as it is
  EXPECT_EQ(shown(lower(text("\u0264"))), "\u0264");          // lowering it is safe
  EXPECT_EQ(shown(lower(text("\U0001e900"))), "\U0001e922");  // Adlam, Unicode 9: stable
  EXPECT_EQ(printable(0x1FAD0), std::nullopt);                // Unicode 13
  EXPECT_EQ(printable(0x0378), std::nullopt);                 // unassigned
  EXPECT_EQ(printable(0x1F600), true);
  EXPECT_EQ(printable(0xA0), false);
  EXPECT_EQ(printable(' '), true);
  EXPECT_EQ(printable(0xE000), false);  // private use
}

}  // namespace
}  // namespace zfcheck::py
