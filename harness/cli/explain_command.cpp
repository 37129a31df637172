// `zfcheck explain CONFIG.json`: what ZenFlow will do with a user's DeepSpeed config, and the smallest fixes.
#include "harness/explain/explanation.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/io/case_io.hpp"
#include "properties/generators/value_pools.hpp"

#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct ExplainOptions {
  std::string config;
  std::optional<std::int64_t> dataloader_len;
  bool no_dataloader = false;
  std::int64_t micro_steps = Case{}.micro_steps;
  EngineChoice engines;
  std::string format = "text";
};

// The generators' pools without their hostile values: a fix writes what a user would write.
FixCandidates pool_candidates() {
  FixCandidates out;
  out.field_values = [](std::string_view field) {
    std::vector<py::Value> values;
    for (const gen::PoolValue& v : gen::field_pool(field)) {
      if (v.origin != gen::Origin::hostile) values.push_back(v.value);
    }
    return values;
  };
  for (const auto& len : gen::dataloader_pool()) {
    if (len.value && *len.value > 0) out.dataloader_lens.push_back(*len.value);
  }
  return out;
}

int run_explain(const ExplainOptions& opts) {
  auto fail = [&](const std::string& reason) {
    std::cerr << "zfcheck explain: " << opts.config << ": " << reason << "\n";
    return kExitUsage;
  };
  auto engines = chosen_engines(opts.engines);
  if (!engines) {
    std::cerr << "zfcheck explain: " << engines.error() << "\n";
    return kExitUsage;
  }
  auto config = read_config_file(opts.config);
  if (!config) return fail(config.error());
  auto made = case_from_config(*config, CallShape{opts.dataloader_len, opts.micro_steps});
  if (!made) return fail(made.error());
  const FixCandidates candidates = pool_candidates();
  const TableFormat style = opts.format == "markdown" ? TableFormat::markdown : TableFormat::text;
  if (opts.format != "json") std::cout << render_reading(opts.config, *made, style);
  bool broken = false;
  for (const auto& engine : *engines) {
    Explanation e = explain(made->c, *engine, candidates);
    broken = broken || !e.violations.empty();
    std::cout << (opts.format == "json" ? explanation_json(e) + "\n" : render_explanation(e, style));
  }
  std::cout.flush();
  return broken ? kExitFinding : kExitOk;
}

}  // namespace

void add_explain_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ExplainOptions>();
  CLI::App* cmd = app.add_subcommand(
      "explain", "What ZenFlow will do with a DeepSpeed config file, in sentences, with verified fixes");
  cmd->add_option("config", opts->config, "DeepSpeed config file (JSON, as deepspeed.initialize() reads it)")
      ->required();
  CLI::Option* len = cmd->add_option("--dataloader-len", opts->dataloader_len,
                                     "len() of the dataloader passed as training_data= (0: an empty one)")
                         ->check(CLI::Range(std::int64_t{0}, std::numeric_limits<std::int64_t>::max()));
  cmd->add_flag("--no-dataloader", opts->no_dataloader, "No training_data= is passed (the default)")->excludes(len);
  cmd->add_option("--micro-steps", opts->micro_steps, "Micro-steps drawn in the timeline")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t{0}, kMaxMicroSteps));
  add_engine_choice(cmd, opts->engines, true);
  cmd->add_option("--format", opts->format, "text, markdown or json (one object per engine and line)")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "markdown", "json"}));
  cmd->footer(
      "Reads zero_optimization.stage, .zenflow, .overlap_comm and .offload_optimizer; other keys are not judged.\n"
      "Configs larger than 1 MiB are refused unread. See docs/explain.md.\n"
      "Exit status: 0 no invariant broken (or ZenFlow off), 1 an invariant broken, 2 bad input or usage.");
  cmd->callback([opts, &exit_code] { exit_code = guard_engine_failure("explain", [&] { return run_explain(*opts); }); });
}

}  // namespace zfcheck::cli
