// `zfcheck explain CONFIG`: what DeepSpeed and ZenFlow will do with a user's config file, and the smallest
// fixes.
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/explain/explain_request.hpp"
#include "harness/io/terminal_style.hpp"

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

int run_explain(const ExplainOptions& opts) {
  auto usage = [](const std::string& message) {
    std::cerr << "zfcheck explain: " << message << "\n";
    return kExitUsage;
  };
  auto engines = named_or_installed_engines(opts.engines, opts.engine_named);
  if (!engines) return usage(engines.error());
  ExplainRequest request{opts.config,
                         opts.reader == "hf" ? ConfigReader::hf : ConfigReader::deepspeed,
                         opts.sets,
                         CallShape{opts.dataloader_len, opts.micro_steps, opts.world_size},
                         {}};
  for (const auto& engine : engines->engines) request.engines.push_back(engine.get());
  auto report = explain_request(request);
  if (!report) return usage(report.error());
  const bool json = opts.format == "json";
  const TableFormat style = opts.format == "markdown" ? TableFormat::markdown : TableFormat::text;
  const TerminalStyle colour = json ? TerminalStyle(false) : TerminalStyle::for_stdout();
  (json ? std::cerr : std::cout) << engines->why << "\n";
  if (report->read.rejected) {
    std::cout << (json ? rejection_json(*report->read.rejected) + "\n"
                       : render_rejection(report->source, report->read, style, colour));
  } else {
    if (!json) {
      for (const Explanation& e : report->explanations) std::cout << render_summary(e, style, colour);
      std::cout << "\n" << render_reading(report->source, report->read, report->c, report->notes, style);
    }
    for (const Explanation& e : report->explanations)
      std::cout << (json ? explanation_json(e) + "\n" : render_explanation(e, style, colour));
  }
  std::cout.flush();
  return report->status;
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
