// End-to-end tests of how `zfcheck explain` reads a file and picks its engine: hjson and DeepSpeed's
// duplicate-key refusal, --reader hf and --set, standard input, carets, did-you-mean, misplaced blocks, the
// default engine's first line, the exit statuses of the help footer.
#include "cli_support.hpp"
#include "text_has.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace zfcheck {
namespace {

namespace fs = std::filesystem;

using testing::has;

// A config file of `text`, explained under the master profile (no Python asked) with standard error.
testing::Run explain_text(const std::string& name, const std::string& text, const std::string& args = "") {
  return testing::run_zfcheck(
      "explain " + testing::write_temp(name, text) + " --profile deepspeed-edaa722 " + args, true);
}

const std::string kZenflow =
    R"("zenflow": {"topk_ratio": 0.05, "select_strategy": "step", "select_interval": 4, "update_interval": 4})";

TEST(ExplainReading, HjsonCommentsAndTrailingCommasAreWhatDeepSpeedReads) {
  auto run =
      explain_text("explain_hjson.json",
                   "// a config with comments\n{\n  train_batch_size: 8, # per step\n  zero_optimization: {\n"
                   "    stage: 2,\n    offload_optimizer: {device: \"cpu\"},\n    " +
                       kZenflow + ",\n  },\n}\n");
  EXPECT_TRUE(has(run.out, "Read as deepspeed.initialize(config=PATH) reads it: hjson")) << run.out;
  EXPECT_TRUE(has(run.out, "ZenFlow is on.")) << run.out;
}

TEST(ExplainReading, ARepeatedKeyIsDeepSpeedsValueErrorWithExitOne) {
  auto run = explain_text("explain_dup.json",
                          "{\n  \"zero_optimization\": {\"stage\": 2},\n  \"zero_optimization\": {}\n}\n");
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_TRUE(has(run.out,
                  "DeepSpeed refuses the file while reading it, before anything else: ValueError: Duplicate "
                  "keys in DeepSpeed config: ['zero_optimization'] (line 3, column 3)"))
      << run.out;
  auto json = explain_text("explain_dup.json", "{\"a\": 1, \"a\": 1}", "--format json");
  EXPECT_TRUE(
      has(json.out,
          R"x({"rejected":"ValueError: Duplicate keys in DeepSpeed config: ['a'] (line 1, column 10)"})x"))
      << json.out;
}

TEST(ExplainReading, NotHjsonIsUnusableWithLineColumnAndCaret) {
  auto run = explain_text("explain_bad.json", "{\n  zero_optimization: {\n    stage 2\n  }\n}\n");
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(has(run.out,
                  "explain_bad.json: line 3, column 5: not hjson (deepspeed.initialize() reads the file with "
                  "hjson): Found '}' where a key name was expected"))
      << run.out;
  EXPECT_TRUE(has(run.out, "        stage 2\n        ^\n")) << run.out;
}

TEST(ExplainReading, StandardInputIsRead) {
  auto run =
      testing::run_shell("printf '{\"train_batch_size\": 2, \"zero_optimization\": {\"stage\": 2}}' | " +
                         std::string(testing::kZfcheckBinary) + " explain - --profile deepspeed-edaa722");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(has(run.out, "zfcheck explain standard input")) << run.out;
}

TEST(ExplainReading, TheHfReaderFillsAutoAndSetGivesValues) {
  std::string config = R"({"train_batch_size": "auto", "train_micro_batch_size_per_gpu": "auto", )"
                       R"("gradient_accumulation_steps": "auto", "zero_optimization": {"stage": 2, )"
                       R"("offload_optimizer": {"device": "cpu"}, )" +
                       kZenflow + "}}";
  auto direct =
      explain_text("explain_auto.json",
                   R"({"optimizer": {"type": "AdamW", "params": {"lr": "auto"}}, )" + config.substr(1));
  // The batch keys: the Trainer, and the autotuner for the runs it launches; any other: the Trainer alone.
  EXPECT_TRUE(
      has(direct.out,
          "train_batch_size: \"auto\", which the Hugging Face Trainer fills, and DeepSpeed's autotuner "
          "for the runs it launches (deepspeed --autotuning); deepspeed.initialize() given it directly "
          "fails on it"))
      << direct.out;
  EXPECT_TRUE(has(direct.out,
                  "optimizer.params.lr: \"auto\", which only the Hugging Face Trainer fills; "
                  "deepspeed.initialize() given it directly fails on it"))
      << direct.out;
  auto hf = explain_text("explain_auto.json", config,
                         "--reader hf --world-size 2 --set train_micro_batch_size_per_gpu=2");
  EXPECT_TRUE(has(hf.out, "Read as the Hugging Face Trainer reads it")) << hf.out;
  EXPECT_TRUE(
      has(hf.out, "The Trainer (through Accelerate) calls deepspeed.initialize() without training_data="))
      << hf.out;
  EXPECT_TRUE(has(hf.out, "train_micro_batch_size_per_gpu: 2, given by --set.")) << hf.out;
  EXPECT_TRUE(has(hf.out, "train_batch_size: \"auto\", filled by the Trainer with 4 from world size x"))
      << hf.out;
  auto strict = explain_text("explain_hjson_for_hf.json", "{\n  a: 1\n}", "--reader hf");
  EXPECT_EQ(strict.status, 2);
  EXPECT_TRUE(has(strict.out, "line 2, column 3: not JSON: expecting a property name in double quotes"))
      << strict.out;
  auto bad_set = explain_text("explain_set.json", "{\"a\": 1}", "--set a.b=1");
  EXPECT_EQ(bad_set.status, 2);
  EXPECT_TRUE(has(bad_set.out, "zfcheck explain: --set a.b: a is int, not an object")) << bad_set.out;
  EXPECT_TRUE(
      testing::exits_printing("explain x.json --set novalue", 2, "--set novalue: expected KEY.PATH=VALUE"));
}

TEST(ExplainReading, UnknownKeysGetDidYouMeanAndAMisplacedBlockWhereItBelongs) {
  auto run = explain_text("explain_keys.json",
                          R"({"train_batch_sise": 8, "zenflow": {"topk_ratio": 0.1}, "zero_optimization": )"
                          R"({"stage": 2, "overlap_com": true, "zenflow": {"update_intervals": 4}}})");
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_TRUE(has(run.out,
                  "train_batch_sise is not a key DeepSpeed knows there (DeepSpeed ignores it); did you "
                  "mean train_batch_size?"))
      << run.out;
  EXPECT_TRUE(has(run.out,
                  "zero_optimization.overlap_com is not a key DeepSpeed knows there (DeepSpeedZeroConfig "
                  "refuses unknown keys); did you mean overlap_comm?"))
      << run.out;
  EXPECT_TRUE(has(run.out,
                  "zero_optimization.zenflow.update_intervals is not a key DeepSpeed knows there "
                  "(ZenFlowConfig refuses unknown keys); did you mean update_interval?"))
      << run.out;
  EXPECT_TRUE(has(run.out,
                  "A zenflow block at zenflow, where DeepSpeed never reads it: ZenFlow is configured under "
                  "zero_optimization.zenflow (move it there)."))
      << run.out;
}

// A stand-in for --python that answers the probe with `lines` (package directory, DeepSpeed's version,
// pydantic's version).
std::string fake_python(const std::string& name, const std::string& lines) {
  std::string path = testing::write_temp(name, "#!/bin/sh\nprintf '%s\\n' " + lines + "\n");
  fs::permissions(path, fs::perms::owner_all);
  return path;
}

TEST(ExplainReading, TheFirstLineNamesTheEngineAndWhy) {
  std::string file = testing::write_temp("explain_engine.json", "{\"zero_optimization\": {\"stage\": 2}}");
  const std::string no_deepspeed = fake_python("py_none", "'' '' ''");
  auto none = testing::run_zfcheck("explain " + file + " --python " + no_deepspeed);
  EXPECT_EQ(none.out.substr(0, none.out.find('\n')),
            "Engine: deepspeed-edaa722, zfcheck's model of DeepSpeed master: no deepspeed package is "
            "installed for " +
                no_deepspeed + " (--python names another).");
  testing::ScratchDir site("explain_site");
  fs::create_directories(site / "deepspeed");
  auto old = testing::run_zfcheck("explain " + file + " --python " +
                                  fake_python("py_old", (site / "deepspeed").string() + " 0.14.0 2.5.0"));
  EXPECT_TRUE(has(old.out.substr(0, old.out.find('\n')), "DeepSpeed 0.14.0 installed for")) << old.out;
  EXPECT_TRUE(has(old.out.substr(0, old.out.find('\n')), "has no ZenFlow")) << old.out;
  fs::create_directories(site / "deepspeed/runtime/zenflow");
  std::ofstream(site / "deepspeed/runtime/zenflow/zenflow_config.py").close();
  auto pydantic1 =
      testing::run_zfcheck("explain " + file + " --python " +
                           fake_python("py_pyd1", (site / "deepspeed").string() + " 0.17.5 1.10.13"));
  EXPECT_TRUE(has(pydantic1.out,
                  "cannot be run by zfcheck: that interpreter has pydantic 1.10.13, and zfcheck's "
                  "runner needs pydantic 2."))
      << pydantic1.out;
  auto named = testing::run_zfcheck("explain " + file + " --profile pr-8456");
  EXPECT_EQ(named.out.substr(0, named.out.find('\n')), "Engine: pr-8456, as --profile asks.");
}

TEST(ExplainReading, TheHelpStatesTheExitStatuses) {
  auto help = testing::run_zfcheck("explain --help");
  EXPECT_TRUE(has(help.out, "Exit status: 0 DeepSpeed accepts the config")) << help.out;
  EXPECT_TRUE(has(help.out, "2 unusable input")) << help.out;
}

}  // namespace
}  // namespace zfcheck
