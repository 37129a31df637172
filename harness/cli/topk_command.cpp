// `zfcheck topk`: top-k selection problems in (JSON Lines), upstream's selections out, one line each.
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/io/line_reader.hpp"
#include "harness/io/named_input.hpp"
#include "harness/io/progress.hpp"
#include "kernels/check/kernel_judgement.hpp"
#include "kernels/check/selection_rules.hpp"
#include "kernels/check/topk_invariants.hpp"
#include "kernels/check/topk_io.hpp"
#include "kernels/kernel_answer.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck::cli {

namespace {

struct TopkOptions {
  std::string impl = "oracle";
  std::string input = "-";
  std::string profile{kDefaultProfile};
  EngineChoice engine;  // --upstream and the runner's options
};

// The line as a problem, or why it is not one.
tl::expected<TopkLine, TopkLineError> parse_line(const std::string& line, bool too_long) {
  if (too_long)
    return tl::unexpected(TopkLineError{
        std::nullopt,
        Error{"CaseError", std::nullopt, "line longer than " + std::to_string(kMaxLineBytes) + " bytes"}});
  return parse_topk_problem(line);
}

// One output line for one problem; sets `finding` when --impl both lists a violation.
nlohmann::ordered_json answer_line(const TopkOptions& opts, const TopkLine& line, bool& finding) {
  auto case_error = [&](const Error& error) {
    return topk_line_error_to_json(TopkLineError{line.id, error});
  };
  if (opts.impl == "kernel") {
    auto kernel = kernels::run_kernel_cpu(line.problem);
    return kernel ? topk_answer_to_json(line.id, kernel->answer) : case_error(kernel.error());
  }
  auto oracle = oracle_answer(line.problem);
  if (!oracle) return case_error(oracle.error());
  auto out = topk_answer_to_json(line.id, *oracle);
  if (opts.impl == "both") {
    auto violations = impl_both_violations(line.problem, *oracle);
    finding = finding || !violations.empty();
    out["violations"] = violations;
  }
  return out;
}

// Answers one batch with upstream's runners: a line that is no problem keeps its CaseError, the others
// get the runner's answer. Sets `any_invalid` where a line was not answered.
void answer_upstream_batch(const TopkUpstream& upstream, const std::vector<std::string>& lines,
                           const std::vector<bool>& too_long, bool& any_invalid) {
  std::vector<nlohmann::ordered_json> out(lines.size());
  std::vector<std::string> problems;
  std::vector<std::size_t> sent;  // index into `lines` of each problem sent
  for (std::size_t i = 0; i < lines.size(); ++i) {
    auto parsed = parse_line(lines[i], too_long[i]);
    if (parsed) {
      problems.push_back(lines[i]);
      sent.push_back(i);
    } else {
      out[i] = topk_line_error_to_json(parsed.error());
    }
  }
  std::vector<nlohmann::ordered_json> answers = upstream.answers(problems);
  for (std::size_t j = 0; j < sent.size(); ++j) out[sent[j]] = std::move(answers[j]);
  for (const auto& line : out) {
    any_invalid = any_invalid || line.contains("error");
    std::cout << line.dump() << '\n';
  }
  std::cout.flush();
}

int run_topk(const TopkOptions& opts) {
  auto profile = find_profile(opts.profile);
  if (!profile) {
    std::cerr << "zfcheck topk: " << profile.error() << "\n";
    return kExitUsage;
  }
  std::unique_ptr<TopkUpstream> upstream;
  if (!opts.engine.upstream.empty()) {
    auto opened = open_topk_upstream(opts.engine.upstream, opts.engine);
    if (!opened) {
      std::cerr << "zfcheck topk: " << opened.error() << "\n";
      return kExitUsage;
    }
    upstream = std::move(*opened);
  }
  InputFile input(opts.input);
  if (!input.error().empty()) {
    std::cerr << "zfcheck topk: " << input.error() << "\n";
    return kExitUsage;
  }
  LineReader reader(input.stream());
  std::string line;
  bool too_long = false;
  bool any_invalid = false;
  bool finding = false;
  std::vector<std::string> batch;
  std::vector<bool> batch_too_long;
  Progress progress = Progress::on_terminal("topk", 0, "problems");  // with --upstream, batch by batch
  std::uint64_t batches = 0;
  while (reader.next(line, too_long)) {
    if (upstream) {
      batch.push_back(line);
      batch_too_long.push_back(too_long);
      if (batch.size() == kTopkUpstreamBatch) {
        answer_upstream_batch(*upstream, batch, batch_too_long, any_invalid);
        progress.update(++batches * kTopkUpstreamBatch);
        batch.clear();
        batch_too_long.clear();
      }
      continue;
    }
    auto parsed = parse_line(line, too_long);
    nlohmann::ordered_json out;
    if (parsed) {
      apply_selection_rules(parsed->problem.layout, profile->switches);
      out = answer_line(opts, *parsed, finding);
      any_invalid = any_invalid || out.contains("error");
    } else {
      any_invalid = true;
      out = topk_line_error_to_json(parsed.error());
    }
    std::cout << out.dump() << '\n';
  }
  if (upstream && !batch.empty()) answer_upstream_batch(*upstream, batch, batch_too_long, any_invalid);
  progress.finish();
  std::cout.flush();
  if (input.stream().bad()) {
    std::cerr << "zfcheck topk: read error on " << input.name() << "\n";
    return kExitUsage;
  }
  if (any_invalid) return kExitUsage;
  return finding ? kExitFinding : kExitOk;
}

// The top-k invariants upstream's own selection is known to break, as a list for the help.
std::string expected_upstream_findings() {
  std::string names;
  for (std::string_view name : kUpstreamTopkFindings)
    names += (names.empty() ? "" : ", ") + std::string(name);
  return names;
}

}  // namespace

void add_topk_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<TopkOptions>();
  CLI::App* cmd =
      app.add_subcommand("topk", "Answer top-k column selection problems (JSON Lines) as upstream would");
  CLI::Option* impl =
      cmd->add_option("--impl", opts->impl,
                      "oracle: the CPU oracle; kernel: the CPU build of the kernel algorithm; "
                      "both: the oracle's answer plus the top-k invariants either breaks")
          ->check(CLI::IsMember({"oracle", "kernel", "both"}))
          ->capture_default_str();
  CLI::Option* profile =
      cmd->add_option(
             "--profile", opts->profile,
             "Behaviour profile whose selection rules apply (its top-k switch: one_d_params_shift_offsets), "
             "optionally with switch overrides (NAME:switch=on|off,...)")
          ->type_name(kProfileType)
          ->capture_default_str();
  add_upstream_option(cmd, opts->engine)
      ->description(
          "Upstream's own selection code instead of the oracle, ranks in lockstep, each rank's outcome: "
          "a DeepSpeed checkout or mirror, PATH[@REV]")
      ->excludes(impl)
      ->excludes(profile);
  add_runner_options(cmd, opts->engine, RunnerScript::topk);
  add_device_option(cmd, opts->engine);
  cmd->add_option("input", opts->input, "Problems file, or - for standard input")->capture_default_str();
  set_help_footer(
      cmd,
      "Each input line is one problem; each output line its answer, in order (docs/topk-format.md).\n"
      "A line that is not a usable problem gets {\"id\", \"error\": {\"type\": \"CaseError\", ...}} and the "
      "run goes on.\n"
      "--upstream runs the revision's own code (harness/upstream/zf_topk_upstream.py) under --python's "
      "torch,\n"
      "1,024 problems at a time, and adds each rank's outcome (ok, raised, blocked), the index dtypes and "
      "the\n"
      "torch version (docs/upstream-engine.md).",
      {"all answered (and, with --impl both, no invariant broken)",
       "--impl both listed a violation (expected on upstream: " + expected_upstream_findings() + ")",
       "some line was not a problem (or, with --upstream, not one its runner could run), a runner failed, or "
       "bad usage"});
  cmd->callback(
      [opts, &exit_code] { exit_code = guard_engine_failure("topk", [&] { return run_topk(*opts); }); });
}

}  // namespace zfcheck::cli
