// Tests of reading a DeepSpeed config file and the case it makes (harness/explain/deepspeed_config).
#include "harness/explain/deepspeed_config.hpp"

#include "reference/py_json.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(DeepSpeedConfig, TheWholeConfigAndTheCallMakeTheCase) {
  py::Value config =
      *py::parse_json(R"({"train_batch_size":4,"zero_optimization":{"stage":1,"zenflow":{}}})");
  auto made = case_from_config(config, CallShape{1000, 12, 2});
  ASSERT_TRUE(made.has_value()) << made.error();
  EXPECT_EQ(made->deepspeed_config, config);
  EXPECT_EQ(made->world_size, 2);
  EXPECT_EQ(made->dataloader_len, 1000);
  EXPECT_EQ(made->micro_steps, 12);
  EXPECT_EQ(case_from_config(*py::parse_json("[1]"), {}).error(), "the config is list, not an object");
}

tl::expected<ReadConfig, std::string> read(std::string text, ConfigReader reader = ConfigReader::deepspeed,
                                           std::vector<std::string> sets = {}) {
  ReadOptions options{reader, {}, 2};
  for (const auto& set : sets) options.overrides.push_back(*parse_override(set));
  return read_config(InputText{"ds.json", std::move(text)}, options);
}

TEST(ReadConfig, TheDefaultReaderTakesHjsonAndRefusesARepeatedKey) {
  auto hjson = read("{\n  # ZeRO\n  zero_optimization: {stage: 2,},\n}");
  ASSERT_TRUE(hjson.has_value()) << hjson.error();
  EXPECT_EQ(py::to_json(hjson->config), R"({"zero_optimization":{"stage":2}})");
  auto repeated = read("{\"a\": 1,\n \"a\": 2}");
  ASSERT_TRUE(repeated.has_value());
  EXPECT_EQ(*repeated->rejected,
            "ValueError: Duplicate keys in DeepSpeed config: ['a'] (line 2, column 2)\n \"a\": 2}\n ^\n");
}

TEST(ReadConfig, TheHfReaderIsStrictJsonAndKeepsTheLastOfARepeatedKey) {
  auto hf = read("{\"a\": 1, \"a\": 2}", ConfigReader::hf);
  ASSERT_TRUE(hf.has_value());
  EXPECT_FALSE(hf->rejected.has_value());
  EXPECT_EQ(py::to_json(hf->config), R"({"a":2})");
  EXPECT_EQ(
      read("{\n  a: 1\n}", ConfigReader::hf).error(),
      "ds.json: line 2, column 3: not JSON: expecting a property name in double quotes\n      a: 1\n      ^");
}

TEST(ReadConfig, UnusableTextNamesTheSpot) {
  EXPECT_EQ(read("{\"a\": \"\xff\"}").error(),
            "ds.json: line 1, column 8: not UTF-8 text (Python's open() cannot decode it)");
  EXPECT_EQ(read("{\n  a b: 1\n}").error().substr(0, 41), "ds.json: line 2, column 4: not hjson (dee");
  EXPECT_EQ(read("{\"a\": 1}", ConfigReader::deepspeed, {"a.b=2"}).error(),
            "--set a.b: a is int, not an object");
}

TEST(ReadConfig, TheTrainerFillsAutoFromItsArgumentsAndSetGivesThem) {
  auto hf = read(R"({"train_batch_size": "auto", "train_micro_batch_size_per_gpu": "auto", )"
                 R"("gradient_accumulation_steps": 4, "optimizer": {"params": {"lr": "auto"}}, )"
                 R"("zero_optimization": {"reduce_bucket_size": "auto"}})",
                 ConfigReader::hf, {"train_micro_batch_size_per_gpu=3"});
  ASSERT_TRUE(hf.has_value());
  // world size 2 x micro batch 3 (--set) x 4 steps.
  EXPECT_EQ(py::to_json(hf->config),
            R"({"train_batch_size":24,"train_micro_batch_size_per_gpu":3,"gradient_accumulation_steps":4,)"
            R"("optimizer":{"params":{"lr":5e-05}},"zero_optimization":{"reduce_bucket_size":"auto"}})");
  EXPECT_EQ(hf->read[1], "train_micro_batch_size_per_gpu: 3, given by --set.");
  EXPECT_EQ(hf->read[2].substr(0, 52), "train_batch_size: \"auto\", filled by the Trainer with");
  EXPECT_EQ(hf->read.back().substr(0, 60), "zero_optimization.reduce_bucket_size: \"auto\", filled by the ");
}

TEST(ReadConfig, AutoGivenToDeepSpeedDirectlyIsSaidToFail) {
  auto direct = read(
      R"({"train_batch_size": "auto", "zero_optimization": {"stage": "auto", "zenflow": {"select_interval": "auto"}}})");
  ASSERT_TRUE(direct.has_value());
  ASSERT_EQ(direct->read.size(), 3u);
  EXPECT_NE(direct->read[1].find("deepspeed.initialize() given it directly fails"), std::string::npos);
  EXPECT_EQ(direct->read[2],
            "zero_optimization.stage: \"auto\", which DeepSpeed's ZeRO config drops (its default is used).");
}

}  // namespace
}  // namespace zfcheck
