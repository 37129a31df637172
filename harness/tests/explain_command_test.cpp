// End-to-end tests of `zfcheck explain`: the tutorial's config, test_zf.py's configs, hostile files.
#include "cli_support.hpp"

#include "harness/checks/invariants.hpp"
#include "harness/io/case_io.hpp"
#include "harness/reports/resolution_table.hpp"
#include "reference/py_json.hpp"
#include "text_has.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace zfcheck {
namespace {

namespace fs = std::filesystem;

// The tutorial's fragment is not a whole config (no batch size: DeepSpeed asserts); this is it with one.
const std::string kFragment = testing::source_path("corpus/configs/tutorial-zenflow.json");
const std::string kTutorial = testing::write_temp(
    "explain_tutorial_whole.json",
    R"({"train_batch_size": 4, "train_micro_batch_size_per_gpu": 1, "gradient_accumulation_steps": 4, )"
    R"("zero_optimization": {"stage": 2, "offload_optimizer": {"device": "cpu", "pin_memory": true}, )"
    R"("zenflow": {"topk_ratio": 0.05, "select_strategy": "auto", "select_interval": "auto", "update_interval": 4, )"
    R"("full_warm_up_rounds": 0, "overlap_step": true}}})");

using testing::has;

TEST(ExplainCommand, TheTutorialWithoutADataloaderOnMasterSelectsOnceSilently) {
  for (std::string_view profile : {"deepspeed-edaa722", "deepspeed-8274"}) {
    auto run = testing::run_zfcheck("explain " + kTutorial + " --profile " + std::string(profile));
    EXPECT_EQ(run.status, 1) << run.out;
    EXPECT_TRUE(
        has(run.out,
            "Judged: the batch sizes (elastic training's too), fp16/bf16, the optimizer, zero_optimization"))
        << run.out;
    EXPECT_TRUE(has(run.out, "1 selection, at micro-step 0. Nothing is re-selected after that")) << run.out;
    EXPECT_TRUE(has(run.out, "None: the single selection happens silently.")) << run.out;
    EXPECT_TRUE(has(run.out, "reselects-or-warns: Columns are selected once and never re-selected"))
        << run.out;
    EXPECT_TRUE(has(run.out, "Pass training_data= to deepspeed.initialize() with a non-empty dataloader"))
        << run.out;
    EXPECT_TRUE(has(run.out, "\"select_strategy\": \"step\"")) << run.out;
  }
}

// The first `n` lines of `text`.
std::string first_lines(const std::string& text, std::size_t n) {
  std::size_t at = 0;
  for (std::size_t i = 0; i < n && at != std::string::npos; ++i) {
    at = text.find('\n', at);
    if (at != std::string::npos) ++at;
  }
  return text.substr(0, at);
}

TEST(ExplainCommand, TheVerdictWhatBreaksAndTheFirstFixComeWithinFiveLines) {
  auto broken = testing::run_zfcheck("explain " + kTutorial + " --profile deepspeed-edaa722");
  const std::string top = first_lines(broken.out, 5);
  EXPECT_TRUE(has(top, "Verdict (deepspeed-edaa722): ZenFlow is on.")) << broken.out;
  EXPECT_TRUE(has(top, "Breaks: reselects-or-warns")) << broken.out;
  EXPECT_TRUE(has(top, "First fix: Pass training_data= to deepspeed.initialize()")) << broken.out;
  // A refusal, and the batch sizes DeepSpeed asserts on.
  auto refused = testing::run_zfcheck("explain " + kFragment + " --profile deepspeed-edaa722");
  EXPECT_TRUE(has(first_lines(refused.out, 5),
                  "Verdict (deepspeed-edaa722): DeepSpeed rejects the config at config validation"))
      << refused.out;
  EXPECT_TRUE(has(first_lines(refused.out, 5), "First fix: give your run's batch sizes")) << refused.out;
  auto duplicate = testing::run_zfcheck(
      "explain " +
      testing::write_temp("explain_dup_first.json", R"({"zero_optimization": {}, "zero_optimization": {}})") +
      " --profile deepspeed-edaa722");
  EXPECT_TRUE(has(first_lines(duplicate.out, 5), "Verdict: DeepSpeed refuses the file while reading it"))
      << duplicate.out;
  // A DeepSpeedConfig error that names no field: the setting behind it, with its value.
  auto auto_batch = testing::run_zfcheck(
      "explain " +
      testing::write_temp(
          "explain_auto_batch.json",
          R"({"train_batch_size": "auto", "train_micro_batch_size_per_gpu": "auto", )"
          R"("zero_optimization": {"stage": 2, "offload_optimizer": {"device": "cpu"}, "zenflow": {}}})") +
      " --profile deepspeed-edaa722");
  EXPECT_TRUE(has(first_lines(auto_batch.out, 5),
                  "TypeError: unsupported operand type(s) for //: 'str' and 'str'"))
      << auto_batch.out;
  EXPECT_TRUE(has(first_lines(auto_batch.out, 5),
                  "Cause: train_batch_size: \"auto\" (without it, DeepSpeed raises another error instead)."))
      << auto_batch.out;
  // Nothing broken: the verdict alone.
  auto fine = testing::run_zfcheck("explain " + kTutorial + " --profile pr-8456 --dataloader-len 1000");
  EXPECT_TRUE(has(first_lines(fine.out, 2), "Verdict (pr-8456): ZenFlow is on.")) << fine.out;
  EXPECT_FALSE(has(first_lines(fine.out, 5), "First fix")) << fine.out;
}

TEST(ExplainCommand, AnOverwrittenGradientAccumulationIsASentenceNamingTheNewValue) {
  auto run = testing::run_zfcheck("explain " + kFragment + " --set train_batch_size=8 --micro-steps 24");
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_TRUE(has(run.out,
                  "gradient-accumulation-honoured: Set-up changes gradient_accumulation_steps to 4 "
                  "without a warning"))
      << run.out;
  EXPECT_FALSE(has(run.out, "It breaks:")) << run.out;
}

TEST(ExplainCommand, TheTutorialFragmentAloneFailsDeepSpeedsBatchAssertion) {
  auto run = testing::run_zfcheck("explain " + kFragment + " --profile deepspeed-edaa722", true);
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_TRUE(has(run.out, "DeepSpeed rejects the config at config validation")) << run.out;
  EXPECT_TRUE(has(run.out, "AssertionError")) << run.out;
  EXPECT_TRUE(has(run.out, "DeepSpeedConfig checks the batch sizes before ZenFlow is set up")) << run.out;
  auto consistent = testing::run_zfcheck("explain " + kFragment + " --set train_batch_size=8 --world-size 2");
  EXPECT_FALSE(has(consistent.out, "DeepSpeedConfig checks the batch sizes before ZenFlow is set up"))
      << consistent.out;
  auto inconsistent = testing::run_zfcheck(
      "explain " + kFragment + " --set train_batch_size=8 --set train_micro_batch_size_per_gpu=3");
  EXPECT_TRUE(has(inconsistent.out, "Check batch related parameters")) << inconsistent.out;
  EXPECT_TRUE(has(inconsistent.out, "x world size (1 here; --world-size N)")) << inconsistent.out;
}

TEST(ExplainCommand, TheTutorialUnderThePrWarnsAndStillSaysNothingIsReselected) {
  auto run = testing::run_zfcheck("explain " + kTutorial + " --profile pr-8456");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(has(run.out, "Nothing is re-selected after that")) << run.out;
  EXPECT_TRUE(has(run.out, "ZenFlow will select its important columns once and never re-select them"))
      << run.out;
}

TEST(ExplainCommand, TheTutorialWithADataloaderOf1000IsFineEverywhere) {
  auto run = testing::run_zfcheck("explain " + kTutorial +
                                  " --dataloader-len 1000 --all-profiles --micro-steps 2000");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(has(run.out, "Columns are selected every 1000 micro-steps: one epoch of 1000 micro-steps"))
      << run.out;
  EXPECT_TRUE(has(run.out, "2 selections, at micro-steps 0, 1000.")) << run.out;
}

// The whole-config refusals issue 19 lists, each read from a file: the verdict names DeepSpeed's own
// exception, the exit status is 1, and the fix is the setting (or settings) that repair it.
TEST(ExplainCommand, WholeConfigRefusalsNameTheExceptionAndTheSettingThatFixesThem) {
  struct Row {
    std::string zero_and_op;  // zero_optimization's other keys, and gradient_allreduce_op where given
    std::string verdict;
    std::string fix;
  };
  const Row rows[] = {
      {R"("zero_optimization": {"stage": 2, )",
       "raises ValueError while it sets ZenFlow up: Zenflow must be used with cpu offload",
       "Set zero_optimization.offload_optimizer.device: \"cpu\". DeepSpeed then accepts the config"},
      {R"("zero_optimization": {"stage": 1, "offload_optimizer": {"device": "none"}, )",
       "raises ValueError while it sets ZenFlow up: Zenflow must be used with cpu offload",
       "Set zero_optimization.offload_optimizer.device: \"cpu\". DeepSpeed then accepts the config"},
      {R"("gradient_allreduce_op": "sum", "zero_optimization": {"stage": 2, "offload_optimizer": {"device": "cpu"}, )",
       "rejects the config at config validation, before deepspeed.initialize() builds anything: ValueError: "
       "gradient_allreduce_op='sum' is not supported with ZenFlow",
       "Set gradient_allreduce_op: \"mean\". DeepSpeed then accepts the config"},
      {R"("zero_optimization": {)",  // no stage: 0
       "deepspeed.initialize() succeeds, but the first training step raises AttributeError",
       "Set zero_optimization.offload_optimizer.device: \"cpu\" and zero_optimization.stage: 2. DeepSpeed "
       "then "
       "accepts the config"},
      {R"("zero_optimization": {"stage": 2, "offload_optimizer": {"device": "cpu"}, "overlap_comm": false, )",
       "raises AssertionError while it sets ZenFlow up: offload selective optimizer should be used with "
       "overlap_comm",
       "Set zero_optimization.overlap_comm: true. DeepSpeed then accepts the config"},
  };
  for (const Row& row : rows) {
    std::string offload = has(row.verdict, "overlap_comm") ? R"(, "offload": true)" : "";
    std::string file = testing::write_temp("explain_refusal.json",
                                           R"({"train_batch_size": 8, )" + row.zero_and_op +
                                               R"("zenflow": {"update_interval": 1)" + offload + "}}}");
    auto run = testing::run_zfcheck("explain " + file + " --dataloader-len 8 --profile deepspeed-edaa722");
    EXPECT_EQ(run.status, 1) << run.out;
    EXPECT_TRUE(has(run.out, row.verdict)) << run.out;
    EXPECT_TRUE(has(run.out, row.fix)) << run.out;
  }
}

// Without a dataloader the default strategy selects once, so no setting alone is the fix: the settings
// set-up needs come first, then the block change that makes it re-select, keeping the user's offload.
TEST(ExplainCommand, SettingsSetUpNeedsComeBeforeTheBlockChange) {
  std::string file = testing::write_temp(
      "explain_stage0.json",
      R"({"train_batch_size": 8, "zero_optimization": {"zenflow": {"select_strategy": "step", )"
      R"("select_interval": 4, "update_interval": 4}}})");
  auto run = testing::run_zfcheck("explain " + file + " --profile deepspeed-edaa722");
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_TRUE(
      has(run.out,
          "Set zero_optimization.offload_optimizer.device: \"cpu\" and zero_optimization.stage: 2 and "
          "gradient_accumulation_steps: 4 and train_micro_batch_size_per_gpu: 2. DeepSpeed then accepts the "
          "config, and set-up and the first steps succeed; it fixes gradient-accumulation-honoured"))
      << run.out;
  std::string overlap = testing::write_temp(
      "explain_overlap.json",
      R"({"train_batch_size": 8, "zero_optimization": {"stage": 2, "offload_optimizer": {"device": "cpu"}, )"
      R"("zenflow": {"offload": true, "update_interval": 1}}})");
  run = testing::run_zfcheck("explain " + overlap + " --profile deepspeed-edaa722");
  EXPECT_EQ(run.status, 1) << run.out;
  auto keeps = run.out.find(
      "Set zero_optimization.overlap_comm: true, then change the zenflow block (2 keys: "
      "select_strategy, select_interval)");
  auto drops = run.out.find("Change the zenflow block (3 keys: select_strategy, select_interval, offload)");
  ASSERT_NE(keeps, std::string::npos) << run.out;
  EXPECT_LT(keeps, drops) << run.out;
}

// DeepSpeed's code counts an nvme device as CPU offload at stages 1 and 2; explain says so.
TEST(ExplainCommand, AnNvmeDeviceAtStageTwoRunsAndSaysWhy) {
  std::string file = testing::write_temp(
      "explain_nvme.json",
      R"({"train_batch_size": 8, "zero_optimization": {"stage": 2, "offload_optimizer": {"device": "nvme"}, )"
      R"("zenflow": {"update_interval": 1}}})");
  auto run = testing::run_zfcheck("explain " + file + " --dataloader-len 8 --profile deepspeed-edaa722");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(has(run.out, "ZenFlow is on.")) << run.out;
  EXPECT_TRUE(has(run.out, "treat any offload_optimizer device but \"none\" as CPU offload")) << run.out;
}

TEST(ExplainCommand, JsonLinesCarryTheCaseResultAndVerifiedFixes) {
  auto run = testing::run_zfcheck("explain " + kTutorial + " --all-profiles --format json");
  EXPECT_EQ(run.status, 1);
  std::size_t lines = 0;
  for (std::size_t at = 0; at < run.out.size(); ++lines) {
    std::size_t end = run.out.find('\n', at);
    auto v = py::parse_json(std::string_view(run.out).substr(at, end - at));
    ASSERT_TRUE(v.has_value()) << run.out;
    const py::Dict& d = *v->as<py::Dict>();
    for (std::string_view key : {"engine", "case", "result", "violations", "fixes"})
      EXPECT_NE(d.find(key), nullptr);
    at = end + 1;
  }
  EXPECT_EQ(lines, 4u);
}

// Runs explain on `config` under every profile as JSON and checks what each line says against the model:
// the case built from the file, exit status 1 exactly when something is broken, and every fix verified.
void expect_explained(const std::string& file, const Case& c) {
  std::string call = c.dataloader_len ? " --dataloader-len " + std::to_string(*c.dataloader_len) : "";
  auto run = testing::run_zfcheck("explain " + file + call + " --all-profiles --format json --micro-steps " +
                                  std::to_string(c.micro_steps));
  bool any_broken = false;
  std::size_t lines = 0;
  for (std::size_t at = 0; at < run.out.size(); ++lines) {
    std::size_t end = run.out.find('\n', at);
    auto v = py::parse_json(std::string_view(run.out).substr(at, end - at));
    ASSERT_TRUE(v.has_value()) << file;
    const py::Dict& d = *v->as<py::Dict>();
    Case built = *case_from_value(*d.find("case"));
    EXPECT_EQ(built.deepspeed_config, c.deepspeed_config) << file;
    EXPECT_EQ(built.dataloader_len, c.dataloader_len) << file;
    auto profile = find_profile(d.find("engine")->as<py::Str>()->text);
    ASSERT_TRUE(profile.has_value());
    ViolationMask broken = violation_mask(built, evaluate(built, *profile));
    any_broken = any_broken || broken != 0;
    Result r = evaluate(built, *profile);
    if (r.outcome == Outcome::ok && broken != 0) {
      EXPECT_FALSE(d.find("fixes")->as<py::List>()->empty()) << file;
    }
    if (r.outcome == Outcome::ok && broken == 0) {
      EXPECT_TRUE(d.find("fixes")->as<py::List>()->empty()) << file;
    }
    any_broken = any_broken || r.outcome != Outcome::ok;
    for (const py::Value& fix : *d.find("fixes")->as<py::List>()) {
      Case fixed = *case_from_value(*fix.as<py::Dict>()->find("case"));
      Result r = evaluate(fixed, *profile);
      EXPECT_EQ(r.outcome, Outcome::ok) << file;
      EXPECT_EQ(violation_mask(fixed, r) & ~broken, 0u) << file;
    }
    at = end + 1;
  }
  EXPECT_EQ(lines, builtin_profiles().size()) << file;
  EXPECT_EQ(run.status, any_broken ? 1 : 0) << file;
}

// A DeepSpeed config around a case's zenflow block, as test_zf.py's get_config_dict builds it, and the
// whole-config case explain makes of it.
std::string deepspeed_config(const Case& c) {
  std::string overlap =
      c.overlap_comm ? std::string(", \"overlap_comm\": ") + (*c.overlap_comm ? "true" : "false") : "";
  return "{\"train_batch_size\": 4, \"gradient_accumulation_steps\": 1, \"steps_per_print\": 1, "
         "\"optimizer\": {\"type\": \"Adam\", \"params\": {\"lr\": 1e-4}}, \"zero_optimization\": "
         "{\"stage\": " +
         std::to_string(c.stage) + ", \"offload_optimizer\": {\"device\": \"cpu\"}" + overlap +
         ", \"zenflow\": " + py::to_json(c.zenflow) +
         "}, \"zero_allow_untested_optimizer\": true, \"bf16\": {\"enabled\": true}}";
}

Case whole(const Case& c) {
  Case out;
  out.deepspeed_config = *py::parse_json(deepspeed_config(c));
  out.dataloader_len = c.dataloader_len;
  out.micro_steps = c.micro_steps;
  return out;
}

TEST(ExplainCommand, EveryTestZfConfigIsExplainedAndEveryFixVerifies) {
  std::size_t configs = 0;
  for (const auto& entry : fs::directory_iterator(testing::source_path("corpus/reviewed"))) {
    if (entry.path().filename().string().rfind("test-zf-py-1-gpu", 0) != 0) continue;
    auto seed = py::parse_json(testing::read_file(entry.path()));
    ASSERT_TRUE(seed.has_value());
    Case c = *case_from_value(*seed->as<py::Dict>()->find("case"));
    EXPECT_EQ(c.overlap_comm, true);
    expect_explained(testing::write_temp("explain_" + entry.path().stem().string(), deepspeed_config(c)),
                     whole(c));
    ++configs;
  }
  EXPECT_EQ(configs, 36u);
}

TEST(ExplainCommand, EveryThreadTableRowIsExplainedAndEveryFixVerifies) {
  std::size_t row = 0;
  for (const ResolutionTableRow& r : resolution_table_cases(40)) {
    expect_explained(
        testing::write_temp("explain_thread_row_" + std::to_string(row++), deepspeed_config(r.c)),
        whole(r.c));
  }
  EXPECT_EQ(row, 10u);
}

struct Refusal {
  std::string name;
  std::string content;
  std::string reason;
};

TEST(ExplainCommand, HostileFilesAreRefusedNamingTheFile) {
  std::vector<Refusal> refusals{
      {"not_json.json", "{\"zero_optimization\": ", "not hjson "},
      {"digits.json", "{\"zero_optimization\": {\"stage\": " + std::string(4301, '9') + "}}", "not hjson "},
      {"list.json", "[1, 2]", "the config is list, not an object"},
  };
  for (const Refusal& r : refusals) {
    std::string file = testing::write_temp("explain_" + r.name, r.content);
    auto run = testing::run_zfcheck("explain " + file, true);
    EXPECT_EQ(run.status, 2) << r.name;
    EXPECT_EQ(run.out.rfind("zfcheck explain: " + file + ": ", 0), 0u) << run.out;
    EXPECT_TRUE(has(run.out, r.reason)) << run.out;
  }
  testing::ScratchDir dir("explain_command_test_dir");
  EXPECT_EQ(testing::run_zfcheck("explain " + dir.string(), true).out,
            "zfcheck explain: " + dir.string() + ": is a directory, not a file\n");
  EXPECT_TRUE(
      has(testing::run_zfcheck("explain " + (dir / "missing.json").string(), true).out, ": no such file"));
  fs::path huge = dir / "huge.json";
  { std::ofstream(huge, std::ios::binary) << "{"; }
  fs::resize_file(huge, 100u << 20);  // 100 MB, sparse: refused from its size, never read
  auto big = testing::run_zfcheck("explain " + huge.string(), true);
  EXPECT_EQ(big.status, 2);
  EXPECT_TRUE(has(big.out, huge.string() + ": larger than 1 MiB (104857600 bytes)")) << big.out;
}

TEST(ExplainCommand, ZenflowAbsentOrNullIsOffAndExitsZero) {
  for (std::string_view zero : {"{\"stage\": 2}", "{\"stage\": 2, \"zenflow\": null}"}) {
    std::string file = testing::write_temp(
        "explain_off.json", "{\"train_batch_size\": 8, \"zero_optimization\": " + std::string(zero) + "}");
    auto run = testing::run_zfcheck("explain " + file + " --profile deepspeed-edaa722");
    EXPECT_EQ(run.status, 0) << run.out;
    EXPECT_TRUE(has(run.out, "ZenFlow is off: zero_optimization.zenflow is absent or null.")) << run.out;
  }
}

}  // namespace
}  // namespace zfcheck
