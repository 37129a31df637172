// Tests of Python's repr() and str() of JSON values (reference/py_repr); expected texts are CPython 3.11's.
#include "reference/py_repr.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

std::string repr_of(std::string_view json) { return py::repr(testing::json(json)).value_or("<none>"); }
std::string str_of(std::string_view json) { return py::str(testing::json(json)).value_or("<none>"); }

TEST(PyRepr, ScalarsAsPythonWritesThem) {
  EXPECT_EQ(repr_of("null"), "None");
  EXPECT_EQ(repr_of("true"), "True");
  EXPECT_EQ(repr_of("-12"), "-12");
  EXPECT_EQ(repr_of("0.1"), "0.1");
  EXPECT_EQ(repr_of("1e300"), "1e+300");
  EXPECT_EQ(repr_of("Infinity"), "inf");
  EXPECT_EQ(repr_of(R"("max")"), "'max'");
  EXPECT_EQ(repr_of(R"("it's")"), R"("it's")");
  EXPECT_EQ(repr_of(R"("a'b\"c")"), R"('a\'b"c')");
  EXPECT_EQ(repr_of(R"("tab\there\u0001")"), R"('tab\there\x01')");
}

TEST(PyRepr, ContainersNestTheirItemsReprs) {
  EXPECT_EQ(repr_of(R"([2, "x", null, [1.5]])"), "[2, 'x', None, [1.5]]");
  EXPECT_EQ(repr_of("[]"), "[]");
  EXPECT_EQ(repr_of(R"({"a": 1, "b": [true]})"), "{'a': 1, 'b': [True]}");
  EXPECT_EQ(repr_of("{}"), "{}");
}

TEST(PyRepr, StrIsTheTextItselfAndTheReprOfTheRest) {
  EXPECT_EQ(str_of(R"("auto")"), "auto");
  EXPECT_EQ(str_of("8"), "8");
  EXPECT_EQ(str_of(R"(["auto"])"), "['auto']");
}

TEST(PyRepr, TextBeyondAsciiAsCPythonPrintsIt) {
  EXPECT_EQ(repr_of(R"("\u00e9")"), "'\u00e9'");
  EXPECT_EQ(repr_of(R"(["ok", "\u00e9'"])"), "['ok', \"\u00e9'\"]");
  EXPECT_EQ(repr_of(R"("\ud83d\ude00")"), "'\U0001F600'");  // printable beyond the BMP: as it is
  EXPECT_EQ(str_of(R"("\u00e9")"), "\u00e9");
  // What is not printable: a lone surrogate, a non-breaking space, a format character, a C1 control.
  EXPECT_EQ(repr_of(R"("\ud800")"), "'\\ud800'");
  EXPECT_EQ(repr_of(R"("\u00a0a\u0085")"), "'\\xa0a\\x85'");
  EXPECT_EQ(repr_of(R"("\u200b")"), "'\\u200b'");
  EXPECT_EQ(repr_of(R"("\udb40\udc01")"), "'\\U000e0001'");
}

TEST(PyRepr, CutAsPercentDot200RCutsIt) {
  const std::string long_text = "\"" + std::string(250, 'x') + "\"";
  EXPECT_EQ(py::repr_cut(testing::json(long_text)), "'" + std::string(199, 'x'));
  EXPECT_EQ(py::repr_cut(testing::json(R"("\u00e9\u00e9\u00e9")"), 3),
            "'\u00e9\u00e9");  // characters, not bytes
  EXPECT_EQ(py::repr_cut(testing::json("[1]")), "[1]");
}

TEST(PyRepr, TextPythonsPrintDifferentlyIsNotComputed) {
  EXPECT_EQ(repr_of(R"("\u0378")"), "<none>");           // unassigned: some later Python may print it
  EXPECT_EQ(repr_of(R"(["\ud83e\uded0"])"), "<none>");   // U+1FAD0, Unicode 13: escaped by Python 3.8
  EXPECT_EQ(str_of(R"("\ud83e\uded0")"), "\U0001FAD0");  // str() is the text whatever the version
}

}  // namespace
}  // namespace zfcheck
