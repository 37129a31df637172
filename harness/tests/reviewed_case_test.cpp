// Seeds: the file layout, the round trip, and a named field for every way a seed can be malformed.
#include "harness/corpus/reviewed_case.hpp"
#include "reference/py_json.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

ReviewedCase probe_seed() {
  return seed_with_expectations(
      "steps_per_epoch 0",
      ReviewedCaseSource{"deepspeedai/DeepSpeed#8456", "ebarkhordar", std::nullopt, "steps_per_epoch=0"}, "a note",
      testing::case_of(R"({"zenflow":{"steps_per_epoch":0}})"),
      {testing::profile("deepspeed-edaa722"),
       testing::profile("pr-8456:assign_only_positive_dataloader_len=off")});
}

// The seed JSON with `from` replaced by `to` (which must occur), read back; the error as "field: reason".
std::string error_after(std::string_view from, std::string_view to) {
  std::string text = seed_to_json(probe_seed());
  std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at == std::string::npos) return "";
  text.replace(at, from.size(), to);
  auto seed = seed_from_value(*py::parse_json(text));
  EXPECT_FALSE(seed.has_value()) << text;
  return seed ? "" : seed.error().field + ": " + seed.error().reason;
}

TEST(ReviewedCase, writesOneKeyPerLineAndAnExpectationPerProfileLine) {
  EXPECT_EQ(
      seed_to_json(probe_seed()),
      "{\n"
      "  \"title\": \"steps_per_epoch 0\",\n"
      "  \"source\": {\n"
      "    \"thread\": \"deepspeedai/DeepSpeed#8456\",\n"
      "    \"reporter\": \"ebarkhordar\",\n"
      "    \"date\": null,\n"
      "    \"quote\": \"steps_per_epoch=0\"\n"
      "  },\n"
      "  \"note\": \"a note\",\n"
      "  \"case\": "
      "{\"zenflow\":{\"steps_per_epoch\":0},\"dataloader_len\":null,\"stage\":2,\"micro_steps\":40},\n"
      "  \"expect\": {\n"
      "    \"deepspeed-edaa722\": {\"outcome\":\"ok\",\"error_type\":null,\"select_interval\":0,"
      "\"selection_count\":1,\"warnings\":[],\"violations\":[\"reselects-or-warns\","
      "\"gradient-accumulation-positive\"]},\n"
      "    \"pr-8456:assign_only_positive_dataloader_len=off\": {\"outcome\":\"config_error\","
      "\"error_type\":\"ValidationError\",\"select_interval\":null,\"selection_count\":0,\"warnings\":[],"
      "\"violations\":[]}\n"
      "  }\n"
      "}\n");
}

TEST(ReviewedCase, readsBackAsItself) {
  std::string text = seed_to_json(probe_seed());
  auto seed = seed_from_value(*py::parse_json(text));
  ASSERT_TRUE(seed) << seed.error().field << ": " << seed.error().reason;
  EXPECT_EQ(seed_to_json(*seed), text);
  EXPECT_EQ(seed->expect[1].profile.switches.assign_only_positive_dataloader_len, false);
  EXPECT_EQ(seed->expect[1].profile.switches.steps_per_epoch_min_1, true);
}

TEST(ReviewedCase, noteIsOptional) {
  std::string text = seed_to_json(probe_seed());
  text.erase(text.find("  \"note\""), std::string_view("  \"note\": \"a note\",\n").size());
  auto seed = seed_from_value(*py::parse_json(text));
  ASSERT_TRUE(seed) << seed.error().field;
  EXPECT_EQ(seed->note, std::nullopt);
}

TEST(ReviewedCase, namesTheFieldOfEveryMalformedPart) {
  EXPECT_EQ(error_after("\"title\": \"steps_per_epoch 0\"", "\"title\": 3"),
            "title: must be a non-empty string");
  EXPECT_EQ(error_after("\"title\"", "\"titel\""),
            "titel: unknown key (expected title, source, case, expect, note)");
  EXPECT_EQ(error_after("\"date\": null", "\"date\": \"29/11/2026\""),
            "source.date: must be YYYY-MM-DD or null");
  EXPECT_EQ(error_after("\"reporter\": \"ebarkhordar\"", "\"reporter\": [\"e\"]"),
            "source.reporter: must be a non-empty string or null");
  EXPECT_EQ(error_after(",\n    \"quote\": \"steps_per_epoch=0\"", ""), "source.quote: missing");
  EXPECT_EQ(error_after("\"stage\":2", "\"stage\":4"), "case.stage: stage must be 1, 2 or 3");
  EXPECT_EQ(error_after("\"zenflow\":{\"steps_per_epoch\":0},", ""),
            "case.zenflow: the case has no zenflow key");
  EXPECT_EQ(
      error_after("\"deepspeed-edaa722\":", "\"deepspeed-edaa\":"),
      "expect.deepspeed-edaa: unknown profile 'deepspeed-edaa'; did you mean 'deepspeed-edaa722'? (known: "
      "deepspeed-edaa722, deepspeed-8274, pr-8456-4ffc94ea, pr-8456)");
  EXPECT_EQ(error_after("=off", "=maybe"),
            "expect.pr-8456:assign_only_positive_dataloader_len=maybe: switch "
            "'assign_only_positive_dataloader_len' needs =on or =off in "
            "'pr-8456:assign_only_positive_dataloader_len=maybe'");
  EXPECT_EQ(error_after("\"selection_count\":1", "\"selection_count\":true"),
            "expect.deepspeed-edaa722.selection_count: must be an integer");
}

TEST(ReviewedCase, refusesACaseThatIsNotAnObjectAndAnEmptyExpect) {
  std::string text = seed_to_json(probe_seed());
  py::Value v = *py::parse_json(text);
  py::Dict& d = *v.as<py::Dict>();
  d.set(py::Str{"case"}, py::Value(3));
  EXPECT_EQ(seed_from_value(v).error().field, "case");
  EXPECT_EQ(seed_from_value(v).error().reason, "a case must be a JSON object");
  v = *py::parse_json(text);
  v.as<py::Dict>()->set(py::Str{"expect"}, py::Dict{});
  EXPECT_EQ(seed_from_value(v).error().field, "expect");
  EXPECT_EQ(seed_from_value(v).error().reason, "must be a JSON object with at least one profile");
}

}  // namespace
}  // namespace zfcheck
