// `zfcheck explain CONFIG`: what DeepSpeed and ZenFlow will do with a user's config file, and the smallest
// fixes.
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/explain/config_keys.hpp"
#include "harness/explain/default_engine.hpp"
#include "harness/explain/explanation.hpp"
#include "harness/io/named_input.hpp"
#include "harness/io/terminal_style.hpp"
#include "properties/generators/value_pools.hpp"

#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct ExplainOptions {
  std::string config;
  std::string reader = "deepspeed";
  std::vector<std::string> sets;
  std::int64_t world_size = 1;
  std::optional<std::int64_t> dataloader_len;
  bool no_dataloader = false;
  std::int64_t micro_steps = Case{}.micro_steps;
  EngineChoice engines;
  bool engine_named = false;  // --profile, --upstream or --all-profiles given
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

// The engines and the sentence that names them: the named ones, else default_engine's choice.
tl::expected<std::pair<Engines, std::string>, std::string> explain_engines(const ExplainOptions& opts) {
  if (opts.engine_named) {
    auto engines = chosen_engines(opts.engines);
    if (!engines) return tl::unexpected(engines.error());
    std::string why = opts.engines.all
                          ? "Engines: every built-in profile, as --all-profiles asks."
                          : "Engine: " + engines->front()->name() + ", as " +
                                (opts.engines.upstream.empty() ? "--profile" : "--upstream") + " asks.";
    return std::make_pair(std::move(*engines), why);
  }
  DefaultEngine choice = default_engine(opts.engines.python);
  Engines engines;
  if (choice.deepspeed_dir) {
    auto upstream = upstream_engine(*choice.deepspeed_dir, opts.engines);
    if (upstream) {
      engines.push_back(std::move(*upstream));
      return std::make_pair(std::move(engines), choice.why);
    }
    choice.why = "Engine: " + choice.profile +
                 ", zfcheck's model of DeepSpeed master: the installed DeepSpeed cannot be "
                 "read (" +
                 upstream.error() + ").";
  }
  auto profile = find_profile(choice.profile);
  if (!profile) return tl::unexpected(profile.error());
  engines.push_back(std::make_unique<ModelEngine>(std::move(*profile)));
  return std::make_pair(std::move(engines), choice.why);
}

int run_explain(const ExplainOptions& opts) {
  auto usage = [](const std::string& message) {
    std::cerr << "zfcheck explain: " << message << "\n";
    return kExitUsage;
  };
  ReadOptions read_options{
      opts.reader == "hf" ? ConfigReader::hf : ConfigReader::deepspeed, {}, opts.world_size};
  for (const std::string& set : opts.sets) {
    auto o = parse_override(set);
    if (!o) return usage(o.error());
    read_options.overrides.push_back(std::move(*o));
  }
  auto input = read_input_text(opts.config, kMaxConfigBytes);
  if (!input) return usage(input.error());
  auto config = read_config(*input, read_options);
  if (!config) return usage(config.error());
  auto made = case_from_config(config->rejected ? py::Value(py::Dict{}) : config->config,
                               CallShape{opts.dataloader_len, opts.micro_steps, opts.world_size});
  if (!made) return usage(input->name + ": " + made.error());
  auto engines = explain_engines(opts);
  if (!engines) return usage(engines.error());
  const bool json = opts.format == "json";
  const TableFormat style = opts.format == "markdown" ? TableFormat::markdown : TableFormat::text;
  const TerminalStyle colour = json ? TerminalStyle(false) : TerminalStyle::for_stdout();
  (json ? std::cerr : std::cout) << engines->second << "\n";
  if (config->rejected) {
    if (json) {
      std::cout << rejection_json(*config->rejected) << "\n";
    } else {
      std::cout << render_rejection(input->name, *config, style, colour);
    }
    return kExitFinding;
  }
  const std::vector<KeyNote> notes = key_notes(config->config);
  if (!json) std::cout << render_reading(input->name, *config, *made, notes, style);
  bool misplaced =
      std::any_of(notes.begin(), notes.end(), [](const KeyNote& n) { return n.misplaced_zenflow; });
  const FixCandidates candidates = pool_candidates();
  int status = misplaced ? kExitFinding : kExitOk;
  for (const auto& engine : engines->first) {
    Explanation e = explain(*made, *engine, candidates);
    status = std::max(status, explanation_status(e));
    std::cout << (json ? explanation_json(e) + "\n" : render_explanation(e, style, colour));
  }
  std::cout.flush();
  return status;
}

}  // namespace

void add_explain_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ExplainOptions>();
  CLI::App* cmd = app.add_subcommand(
      "explain",
      "What DeepSpeed and ZenFlow will do with a DeepSpeed config file, in sentences, with verified fixes");
  cmd->add_option("config", opts->config, "DeepSpeed config file, or - for standard input")->required();
  cmd->add_option(
         "--reader", opts->reader,
         "deepspeed: as deepspeed.initialize(config=PATH) reads it (hjson, duplicate keys refused); hf: as "
         "the Hugging Face Trainer does (JSON, \"auto\" values filled)")
      ->capture_default_str()
      ->check(CLI::IsMember({"deepspeed", "hf"}));
  cmd->add_option("--set", opts->sets,
                  "KEY.PATH=VALUE: give a value (an \"auto\" or any other); VALUE as JSON, else "
                  "a string; repeatable")
      ->type_name("KEY.PATH=VALUE");
  cmd->add_option("--world-size", opts->world_size, "Number of processes (GPUs) the run uses")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
  CLI::Option* len = cmd->add_option("--dataloader-len", opts->dataloader_len,
                                     "len() of the dataloader passed as training_data= (0: an empty one)")
                         ->check(CLI::Range(std::int64_t{0}, std::numeric_limits<std::int64_t>::max()));
  cmd->add_flag("--no-dataloader", opts->no_dataloader, "No training_data= is passed (the default)")
      ->excludes(len);
  cmd->add_option("--micro-steps", opts->micro_steps, "Micro-steps drawn in the timeline")
      ->capture_default_str()
      ->check(CLI::Range(std::int64_t{0}, kMaxMicroSteps));
  add_engine_choice(cmd, opts->engines, true);
  cmd->get_option("--profile")->default_str("");  // explain's default engine is the footer's, not this profile
  cmd->add_option("--format", opts->format, "text, markdown or json (one object per engine and line)")
      ->capture_default_str()
      ->check(CLI::IsMember({"text", "markdown", "json"}));
  set_help_footer(
      cmd,
      "Default engine: the DeepSpeed installed for --python, else " + master_profile() +
          "; the first line says which and why.\n"
          "Configs larger than 1 MiB are refused unread. See docs/explain.md.",
      {"DeepSpeed accepts the config, set-up and the first steps succeed, no invariant breaks",
       "DeepSpeed rejects the config, set-up or a step fails, an invariant breaks, or a zenflow block "
       "lies where DeepSpeed never reads it",
       "unusable input (unreadable, not hjson or JSON, a bad --set) or bad usage"});
  cmd->callback([opts, cmd, &exit_code] {
    opts->engine_named = cmd->get_option("--profile")->count() > 0 ||
                         cmd->get_option("--upstream")->count() > 0 || opts->engines.all;
    exit_code = guard_engine_failure("explain", [&] { return run_explain(*opts); });
  });
}

}  // namespace zfcheck::cli
