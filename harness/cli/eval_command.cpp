// `zfcheck eval`: eval-format cases in, results out, one line each, streaming.
#include "harness/case_io.hpp"
#include "harness/cli/commands.hpp"
#include "harness/line_reader.hpp"
#include "harness/result_json.hpp"

#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct EvalOptions {
  std::string profile{kDefaultProfile};
  std::string input = "-";
};

int run_eval(const EvalOptions& opts) {
  auto profile = find_profile(opts.profile);
  if (!profile) {
    std::cerr << "zfcheck eval: " << profile.error() << "\n";
    return kExitUsage;
  }
  InputFile input(opts.input);
  if (!input.error().empty()) {
    std::cerr << "zfcheck eval: " << input.error() << "\n";
    return kExitUsage;
  }
  LineReader reader(input.stream());
  std::string line;
  std::string out;
  bool too_long = false;
  bool any_invalid = false;
  while (reader.next(line, too_long)) {
    out.clear();
    auto parsed = too_long ? tl::expected<Case, CaseError>(tl::unexpected(CaseError{
                                 std::nullopt, std::nullopt, "line longer than " + std::to_string(kMaxLineBytes) + " bytes"}))
                           : parse_case(line);
    if (parsed) {
      write_result(out, evaluate(*parsed, *profile));
    } else {
      any_invalid = true;
      write_result(out, invalid_case_result(parsed.error(), reader.line_number(), profile->name));
    }
    out += '\n';
    std::cout.write(out.data(), static_cast<std::streamsize>(out.size()));
  }
  std::cout.flush();
  if (input.stream().bad()) {
    std::cerr << "zfcheck eval: read error on " << input.name() << "\n";
    return kExitUsage;
  }
  return any_invalid ? kExitUsage : kExitOk;
}

}  // namespace

void add_eval_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<EvalOptions>();
  CLI::App* cmd = app.add_subcommand("eval", "Evaluate eval-format cases (JSON Lines) and print one result per line");
  cmd->add_option("--profile", opts->profile, "Behaviour profile, optionally with switch overrides (NAME:switch=on|off,...)")
      ->capture_default_str();
  cmd->add_option("input", opts->input, "Cases file, or - for standard input")->capture_default_str();
  cmd->footer(
      "Each input line is one case; each output line is its result, in order (eval-format.md).\n"
      "A line that is not a usable case gets an invalid_case result and the run goes on.\n"
      "Exit status: 0 every line was a case, 2 some line was not (or bad usage).");
  cmd->callback([opts, &exit_code] { exit_code = run_eval(*opts); });
}

}  // namespace zfcheck::cli
