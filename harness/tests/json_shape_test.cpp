// JSON shape checks: unknown and missing keys, wrong types, each named by its path.
#include "harness/io/json_shape.hpp"
#include "reference/py_json.hpp"
#include "reference/tests/test_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

using testing::json;

ShapeError shape_error(std::string_view text) {
  py::Value value = json(text);
  auto shape = ObjectShape::of(value, "outer", {"a"}, {"b"});
  EXPECT_FALSE(shape.has_value()) << text;
  return shape ? ShapeError{} : shape.error();
}

TEST(JsonShape, namesUnknownAndMissingKeysAndNonObjects) {
  ShapeError unknown = shape_error(R"({"a":1,"c":2})");
  EXPECT_EQ(unknown.field, "outer.c");
  EXPECT_EQ(unknown.reason, "unknown key (expected a, b)");
  EXPECT_EQ(shape_error(R"({"b":1})").field, "outer.a");
  EXPECT_EQ(shape_error(R"({"b":1})").reason, "missing");
  EXPECT_EQ(shape_error("[1]").reason, "must be a JSON object, not list");
  py::Value three = json("3");
  EXPECT_EQ(ObjectShape::of(three, "", {}).error().field, "(top level)");
}

TEST(JsonShape, readsEachTypeAndNamesTheFieldOnAMismatch) {
  py::Value value = json(R"({"s":"x","n":null,"i":1180591620717411303424,"l":["p","q"],"e":""})");
  auto shape = ObjectShape::of(value, "o", {"s", "n", "i", "l", "e"}, {"absent"});
  ASSERT_TRUE(shape);
  EXPECT_EQ(*shape->text("s"), "x");
  EXPECT_EQ(*shape->text_or_null("n"), std::nullopt);
  EXPECT_EQ(*shape->text_or_null("absent"), std::nullopt);
  EXPECT_EQ(*shape->int_or_null("i"), py::Int(1) << 70);
  EXPECT_EQ(*shape->integer("i"), py::Int(1) << 70);
  EXPECT_EQ(*shape->texts("l"), (std::vector<std::string>{"p", "q"}));
  EXPECT_EQ(shape->text("e").error().field, "o.e");
  EXPECT_EQ(shape->text("e").error().reason, "must be a non-empty string");
  EXPECT_EQ(shape->int_or_null("s").error().reason, "must be an integer or null, not str");
  EXPECT_EQ(shape->integer("n").error().reason, "must be an integer");
  EXPECT_EQ(shape->texts("s").error().reason, "must be a list of strings");
  EXPECT_EQ(shape->text_or_null("i").error().reason, "must be a non-empty string or null");
}

TEST(JsonShape, refusesListItemsThatAreNotStrings) {
  py::Value value = json(R"({"l":["a",2]})");
  auto shape = ObjectShape::of(value, "", {"l"});
  ASSERT_TRUE(shape);
  EXPECT_EQ(shape->texts("l").error().field, "l");
  EXPECT_EQ(shape->texts("l").error().reason, "item 1 must be a string");
}

TEST(JsonShape, joinsPaths) {
  EXPECT_EQ(field_path("", "a"), "a");
  EXPECT_EQ(field_path("a.b", "c"), "a.b.c");
}

}  // namespace
}  // namespace zfcheck
