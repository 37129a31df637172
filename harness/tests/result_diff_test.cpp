// The one comparison of two results: each view of a field, the selection's order, missing keys, and the
// result fields it compares.
#include "harness/io/result_diff.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/result_json.hpp"
#include "reference/evaluate.hpp"
#include "reference/py_json.hpp"
#include "reference/tests/test_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

using testing::json;

std::string described(const std::vector<FieldDifference>& differences) {
  std::string out;
  for (const auto& d : differences)
    out += d.field + ":" + py::to_json(d.left) + "/" + py::to_json(d.right) + " ";
  return out;
}

TEST(ResultDiff, comparesOnlyTheSelectedFieldsInTheSelectionsOrder) {
  constexpr SelectedField fields[] = {{"b"}, {"a"}};
  EXPECT_EQ(
      described(field_differences(json(R"({"a":1,"b":2,"c":3})"), json(R"({"a":0,"b":0,"c":0})"), fields)),
      "b:2/0 a:1/0 ");
  EXPECT_EQ(described(field_differences(json(R"({"a":1})"), json(R"({"a":1,"c":0})"), fields)), "");
}

TEST(ResultDiff, eachKeyNamesTheKeysOfTwoObjectsAndComparesAnythingElseWhole) {
  constexpr SelectedField fields[] = {{"o", FieldView::each_key}};
  EXPECT_EQ(
      described(field_differences(json(R"({"o":{"x":1,"y":2}})"), json(R"({"o":{"y":3,"z":4}})"), fields)),
      "o.x:1/null o.y:2/3 o.z:null/4 ");
  EXPECT_EQ(described(field_differences(json(R"({"o":{"x":1}})"), json(R"({"o":null})"), fields)),
            "o:{\"x\":1}/null ");
}

TEST(ResultDiff, aMissingKeyIsNull) {
  constexpr SelectedField fields[] = {{"w"}, {"m"}};
  EXPECT_EQ(described(field_differences(json(R"({"w":["a"],"m":null})"), json(R"({"w":["a"]})"), fields)),
            "");
  EXPECT_EQ(described(field_differences(json(R"({"w":["a"],"m":1})"), json("{}"), fields)),
            "w:[\"a\"]/null m:1/null ");
}

TEST(ResultDiff, resultFieldsLeaveOutOnlyIdAndProfile) {
  py::Value a = json(R"({"id":"1","profile":"p","outcome":"ok","selection_count":2,"warnings":[]})");
  py::Value b = json(R"({"id":"2","profile":"q","outcome":"ok","selection_count":3,"warnings":["w"]})");
  EXPECT_EQ(described(field_differences(a, b, kResultFields)), "warnings:[]/[\"w\"] selection_count:2/3 ");
}

// Every key a result is written with (a whole-config result has them all), in the same order.
TEST(ResultDiff, resultFieldsAreEveryKeyAResultIsWrittenWith) {
  Case whole = case_from_value(json(R"({"id":"x","deepspeed_config":{"train_batch_size":8}})")).value();
  py::Value written = result_to_value(evaluate(whole, builtin_profiles().front()));
  std::vector<std::string_view> keys;
  for (const auto& [key, value] : written.as<py::Dict>()->entries()) {
    if (key.text != "id" && key.text != "profile") keys.push_back(key.text);
  }
  std::vector<std::string_view> fields;
  for (const SelectedField& f : kResultFields) fields.push_back(f.key);
  EXPECT_EQ(fields, keys);
}

}  // namespace
}  // namespace zfcheck
