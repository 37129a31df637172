// `zfcheck topk`: top-k selection problems in (JSON Lines), upstream's selections out, one line each.
#include "harness/checks/topk_sweep.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/io/line_reader.hpp"
#include "harness/io/named_input.hpp"
#include "kernels/check/kernel_judgement.hpp"
#include "kernels/check/topk_invariants.hpp"
#include "kernels/check/topk_io.hpp"
#include "kernels/kernel_answer.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <iostream>
#include <memory>
#include <string>
#include <string_view>

namespace zfcheck::cli {

namespace {

struct TopkOptions {
  std::string impl = "oracle";
  std::string input = "-";
  std::string profile{kDefaultProfile};
};

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

int run_topk(const TopkOptions& opts) {
  auto profile = find_profile(opts.profile);
  if (!profile) {
    std::cerr << "zfcheck topk: " << profile.error() << "\n";
    return kExitUsage;
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
  while (reader.next(line, too_long)) {
    auto parsed =
        too_long ? tl::expected<TopkLine, TopkLineError>(tl::unexpected(TopkLineError{
                       std::nullopt, Error{"CaseError", std::nullopt,
                                           "line longer than " + std::to_string(kMaxLineBytes) + " bytes"}}))
                 : parse_topk_problem(line);
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
  cmd->add_option("--impl", opts->impl,
                  "oracle: the CPU oracle; kernel: the CPU build of the kernel algorithm; "
                  "both: the oracle's answer plus the top-k invariants either breaks")
      ->check(CLI::IsMember({"oracle", "kernel", "both"}))
      ->capture_default_str();
  cmd->add_option(
         "--profile", opts->profile,
         "Behaviour profile whose selection rules apply (its top-k switch: one_d_params_shift_offsets), "
         "optionally with switch overrides (NAME:switch=on|off,...)")
      ->type_name(kProfileType)
      ->capture_default_str();
  cmd->add_option("input", opts->input, "Problems file, or - for standard input")->capture_default_str();
  set_help_footer(
      cmd,
      "Each input line is one problem; each output line its answer, in order (docs/topk-format.md).\n"
      "A line that is not a usable problem gets {\"id\", \"error\": {\"type\": \"CaseError\", ...}} and the "
      "run goes on.",
      {"all answered (and, with --impl both, no invariant broken)",
       "--impl both listed a violation (expected on upstream: " + expected_upstream_findings() + ")",
       "some line was not a problem, or bad usage"});
  cmd->callback([opts, &exit_code] { exit_code = run_topk(*opts); });
}

}  // namespace zfcheck::cli
