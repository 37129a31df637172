// Tests of Python object semantics (reference/py_value): truthiness, "auto", equality.
#include "reference/py_value.hpp"

#include "test_support.hpp"

#include <cmath>

namespace zfcheck::py {
namespace {

using testing::json;

TEST(PyValue, TruthinessIsPythons) {
  for (std::string_view falsy : {"null", "false", "0", "0.0", "-0.0", R"("")", "[]", "{}"}) {
    EXPECT_FALSE(json(falsy).truthy()) << falsy;
  }
  for (std::string_view truthy : {"true", "1", "-1", "NaN", "0.5", R"("0")", "[0]", R"({"a":0})"}) {
    EXPECT_TRUE(json(truthy).truthy()) << truthy;
  }
}

TEST(PyValue, OnlyTheExactStringAutoIsAuto) {
  EXPECT_TRUE(json(R"("auto")").is_auto());
  for (std::string_view other : {R"("Auto")", R"(" auto")", R"(["auto"])", "null"}) EXPECT_FALSE(json(other).is_auto());
}

TEST(PyValue, EqualityComparesContentWithNanEqualToItself) {
  EXPECT_EQ(json(R"({"a":[1,NaN]})"), json(R"({"a":[1,NaN]})"));
  EXPECT_FALSE(json("0.0") == json("-0.0"));
  EXPECT_FALSE(json("1") == json("1.0"));
  EXPECT_FALSE(json("1") == json("true"));
}

TEST(PyValue, DictCopiesAreIndependent) {
  Value v = json(R"({"a":1})");
  Dict copy = *v.as<Dict>();
  copy.set(Str{"b"}, Value(2));
  EXPECT_EQ(v.as<Dict>()->size(), 1u);
  EXPECT_EQ(copy.size(), 2u);
}

}  // namespace
}  // namespace zfcheck::py
