// The property that the same broken setting gets the same fix whatever else the config holds: every broken
// base below, with each of the settings below that have nothing to do with ZenFlow and with all of them, with
// and without a dataloader, gets a fix, and the fixes the base alone gets (harness/explain/fix_search).
#include "harness/explain/fix_search.hpp"

#include "reference/py_json.hpp"
#include "test_support.hpp"

#include <array>
#include <optional>
#include <string_view>

namespace zfcheck {
namespace {

// Whole configs, each breaking one thing a fix repairs; "EXTRAS" is where the other settings go.
constexpr std::array<std::string_view, 5> kBrokenBases{
    // ZeRO stage 0: no ZenFlow optimizer (the first step raises).
    R"({"train_batch_size":8,EXTRAS"zero_optimization":{"stage":0,"offload_optimizer":{"device":"cpu"},)"
    R"("zenflow":{"topk_ratio":0.05,"update_interval":4}}})",
    // The same as DeepSpeed's hybrid-engine test config has it: no offload_optimizer, the micro batch given.
    R"({"train_batch_size":32,"train_micro_batch_size_per_gpu":2,EXTRAS"zero_optimization":{"stage":0,)"
    R"("offload_param":{"device":"cpu"},"zenflow":{"topk_ratio":0.05,"select_strategy":"auto",)"
    R"("select_interval":"auto","update_interval":4,"full_warm_up_rounds":0,"overlap_step":true}}})",
    // No offload at stage 2: ZenFlow's optimizer refuses to be built.
    R"({"train_batch_size":8,EXTRAS"zero_optimization":{"stage":2,"zenflow":{"update_interval":1}}})",
    // An offloaded selective optimizer without overlap_comm.
    R"({"train_batch_size":8,EXTRAS"zero_optimization":{"stage":2,"offload_optimizer":{"device":"cpu"},)"
    R"("zenflow":{"offload":true,"update_interval":1}}})",
    // update_interval 4 overwrites gradient_accumulation_steps 1.
    R"({"train_batch_size":16,EXTRAS"zero_optimization":{"stage":2,"offload_optimizer":{"device":"cpu"},)"
    R"("zenflow":{"select_strategy":"step","select_interval":4,"update_interval":4}}})",
};

// Settings of other features, each accepted on its own.
constexpr std::array<std::string_view, 5> kUnrelated{
    R"("fp16":{"enabled":true},)",
    R"("optimizer":{"type":"AdamW","params":{"lr":3e-5,"weight_decay":0.01}},)",
    R"("gradient_clipping":1.0,)",
    R"("tensorboard":{"enabled":true,"output_path":"logs/","job_name":"zenflow"},)",
    R"("steps_per_print":10,"wall_clock_breakdown":false,)",
};

std::string with_extras(std::string_view base, unsigned mask) {
  std::string extras;
  for (std::size_t i = 0; i < kUnrelated.size(); ++i) {
    if (mask & (1u << i)) extras += kUnrelated[i];
  }
  std::string out(base);
  out.replace(out.find("EXTRAS"), 6, extras);
  return out;
}

// Each fix as its kind, the settings it writes and the zenflow block it leaves.
std::vector<std::string> fixes_of(const std::string& config, std::optional<std::int64_t> dataloader_len) {
  Case c;
  c.deepspeed_config = *py::parse_json(config);
  c.dataloader_len = dataloader_len;
  ModelEngine engine(testing::profile("deepspeed-edaa722"));
  std::vector<std::string> out;
  for (const Fix& fix : find_fixes(c, evaluate_one(engine, c), engine, realistic_fix_candidates())) {
    std::string s = std::to_string(static_cast<int>(fix.kind));
    for (const Setting& setting : fix.settings) {
      for (const auto& key : setting.path) s += " " + key;
      s += "=" + py::to_json(setting.value);
    }
    out.push_back(s + " block " + py::to_json(zenflow_block(fix.c)));
  }
  return out;
}

TEST(FixConsistency, TheSameBrokenSettingGetsTheSameFixWhateverElseTheConfigHolds) {
  for (std::optional<std::int64_t> dataloader_len :
       {std::optional<std::int64_t>(10), std::optional<std::int64_t>()}) {
    for (std::string_view base : kBrokenBases) {
      const std::vector<std::string> alone = fixes_of(with_extras(base, 0), dataloader_len);
      EXPECT_FALSE(alone.empty()) << base;
      // Each unrelated setting alone, then all of them.
      std::vector<unsigned> masks;
      for (std::size_t i = 0; i < kUnrelated.size(); ++i) masks.push_back(1u << i);
      masks.push_back((1u << kUnrelated.size()) - 1);
      for (unsigned mask : masks) {
        const std::string config = with_extras(base, mask);
        EXPECT_EQ(fixes_of(config, dataloader_len), alone) << config;
      }
    }
  }
}

}  // namespace
}  // namespace zfcheck
