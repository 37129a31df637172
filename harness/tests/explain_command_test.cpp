// End-to-end tests of `zfcheck explain`: the tutorial's config, test_zf.py's configs, hostile files.
#include "cli_support.hpp"

#include "harness/checks/invariants.hpp"
#include "harness/io/case_io.hpp"
#include "harness/reports/resolution_table.hpp"
#include "reference/py_json.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace zfcheck {
namespace {

namespace fs = std::filesystem;

// The tutorial's fragment is not a whole config (no batch size: DeepSpeed asserts); this is it with one.
const std::string kFragment = std::string(ZFCHECK_SOURCE_DIR) + "/corpus/configs/tutorial-zenflow.json";
const std::string kTutorial = testing::write_temp(
    "explain_tutorial_whole.json",
    R"({"train_batch_size": 4, "train_micro_batch_size_per_gpu": 1, "gradient_accumulation_steps": 4, )"
    R"("zero_optimization": {"stage": 2, "offload_optimizer": {"device": "cpu", "pin_memory": true}, )"
    R"("zenflow": {"topk_ratio": 0.05, "select_strategy": "auto", "select_interval": "auto", "update_interval": 4, )"
    R"("full_warm_up_rounds": 0, "overlap_step": true}}})");

bool has(const std::string& text, std::string_view part) { return text.find(part) != std::string::npos; }

TEST(ExplainCommand, TheTutorialWithoutADataloaderOnMasterSelectsOnceSilently) {
  for (std::string_view profile : {"deepspeed-edaa722", "deepspeed-8274"}) {
    auto run = testing::run_zfcheck("explain " + kTutorial + " --profile " + std::string(profile));
    EXPECT_EQ(run.status, 1) << run.out;
    EXPECT_TRUE(has(run.out, "Judged: the batch sizes, gradient_allreduce_op and zero_optimization"))
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
  for (const auto& entry : fs::directory_iterator(std::string(ZFCHECK_SOURCE_DIR) + "/corpus/reviewed")) {
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
