// `zfcheck conformance`: the same cases through the model and through upstream DeepSpeed's own code.
#include "harness/io/case_io.hpp"
#include "harness/cli/commands.hpp"
#include "harness/upstream/conformance.hpp"
#include "harness/upstream/interrupt_cleanup.hpp"
#include "harness/io/line_reader.hpp"
#include "harness/io/result_json.hpp"
#include "harness/io/shell_quote.hpp"
#include "harness/checks/sweep_grid.hpp"
#include "harness/upstream/upstream_runner.hpp"
#include "properties/generators/generators.hpp"
#include "reference/py_json.hpp"

#include <fstream>
#include <iostream>
#include <memory>
#include <unistd.h>

namespace zfcheck::cli {

namespace {

struct ConformanceOptions {
  RunnerOptions runner;
  std::string rev;
  bool worktree = false;
  std::string profile{kDefaultProfile};
  std::string cases;
  bool sweep = false;
  std::size_t generated = 0;
  std::uint64_t seed = 1;
};

std::string no_upstream_message(const Profile& p) {
  return "profile " + p.name +
         " models PR #8456, whose code exists only as described in its review thread: there is no upstream "
         "revision to run it against. How the model's choices for it were made is documented in "
         "docs/zenflow.md#what-the-model-assumes-for-pr-8456. To compare with a checkout of your own, name it with "
         "--rev REV or --worktree.";
}

int run_conformance(const ConformanceOptions& opts) {
  auto profile = find_profile(opts.profile);
  if (!profile) {
    std::cerr << "zfcheck conformance: " << profile.error() << "\n";
    return kExitUsage;
  }
  RunnerOptions runner_opts = opts.runner;
  if (!opts.worktree) {
    std::string rev = opts.rev.empty() ? std::string(profile->upstream_rev) : opts.rev;
    if (rev.empty()) {
      std::cerr << "zfcheck conformance: " << no_upstream_message(*profile) << "\n";
      return kExitUsage;
    }
    runner_opts.rev = rev;
  }
  if ((opts.generated > 0) + opts.sweep + !opts.cases.empty() != 1) {
    std::cerr << "zfcheck conformance: give exactly one of --cases FILE, --sweep or --generated N\n";
    return kExitUsage;
  }

  auto temp = on_interrupt::TemporaryPath::make_file("zfcheck-cases");  // the cases written for the runner
  if (!temp) {
    std::cerr << "zfcheck conformance: " << temp.error() << "\n";
    return kExitUsage;
  }
  std::string cases_path = opts.cases;
  std::string source;
  if (opts.generated > 0 || opts.sweep) {
    std::ofstream out(temp->path());
    auto write = [&](const Case& c) { out << case_line(c) << "\n"; };
    if (opts.sweep) {
      SweepGrid::builtin().for_each(write);
      source = "the sweep grid (" + std::to_string(SweepGrid::builtin().size()) + " cases)";
    } else {
      gen::sample_cases(opts.seed, opts.generated, write);
      source = std::to_string(opts.generated) + " generated cases (seed " + std::to_string(opts.seed) + ")";
    }
    cases_path = temp->path();
  } else if (opts.cases == "-") {
    std::ofstream(temp->path()) << std::cin.rdbuf();
    cases_path = temp->path();
    source = "cases from standard input";
  } else {
    source = "cases from " + opts.cases;
  }
  InputFile input(cases_path);
  if (!input.error().empty()) {
    std::cerr << "zfcheck conformance: " << input.error() << "\n";
    return kExitUsage;
  }

  auto runner = UpstreamRunner::start(runner_opts, cases_path);
  if (!runner) {
    std::cerr << "zfcheck conformance: " << runner.error() << "\n";
    return kExitUsage;
  }
  std::cout << "zfcheck conformance: profile " << profile->name << " against " << opts.runner.deepspeed
            << (runner_opts.rev ? " at " + *runner_opts.rev : std::string(" (working tree)")) << ", " << source
            << "\n";
  std::cout.flush();

  DisagreementSummary summary;
  std::vector<Error> invalid;
  LineReader reader(input.stream());
  std::string line, upstream_line;
  bool too_long = false;
  const bool progress = isatty(STDERR_FILENO);
  while (reader.next(line, too_long)) {
    if (!runner->next(upstream_line)) {
      std::cerr << "zfcheck conformance: the upstream runner stopped after " << summary.cases()
                << " results; its command: " << runner->command() << "\n";
      return kExitUsage;
    }
    auto upstream = py::parse_json(upstream_line);
    if (!upstream) {
      std::cerr << "zfcheck conformance: the upstream runner printed a line that is not JSON: "
                << upstream_line.substr(0, 200) << "\n";
      return kExitUsage;
    }
    auto c = too_long ? tl::expected<Case, CaseError>(tl::unexpected(CaseError{{}, {}, "line too long"}))
                      : parse_case(line);
    if (!c) {
      // Not a case the model accepts: reported with its reason, never compared.
      invalid.push_back(*invalid_case_result(c.error(), reader.line_number(), profile->name).error);
      continue;
    }
    py::Value model = result_to_value(evaluate(*c, *profile));
    auto differences = compare_results(model, *upstream);
    summary.count_case(differences.empty());
    summary.add(*c, differences);
    if (progress && summary.cases() % 20000 == 0) std::cerr << "\r" << summary.cases() << " cases" << std::flush;
  }
  if (progress && summary.cases() >= 20000) std::cerr << "\n";
  if (runner->next(upstream_line)) {
    std::cerr << "zfcheck conformance: the upstream runner printed more results than there were cases\n";
    return kExitUsage;
  }
  int status = runner->finish();
  if (status != 0) {
    std::cerr << "zfcheck conformance: the upstream runner exited with status " << status << "\n";
    return kExitUsage;
  }
  std::string replay = "zfcheck conformance --deepspeed " + shell_quote(opts.runner.deepspeed) +
                       (runner_opts.rev ? " --rev " + shell_quote(*runner_opts.rev) : std::string(" --worktree")) +
                       " --profile " + shell_quote(profile->name) + " --cases -";
  std::cout << summary.render(replay);
  if (!invalid.empty()) {
    std::cout << invalid.size() << (invalid.size() == 1 ? " line is" : " lines are")
              << " not a case the model accepts (invalid_case), not compared:\n";
    for (const Error& e : invalid) std::cout << "  " << e.message << "\n";
    return kExitUsage;
  }
  return summary.agreed() == summary.cases() ? kExitOk : kExitFinding;
}

}  // namespace

void add_conformance_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ConformanceOptions>();
  CLI::App* cmd = app.add_subcommand(
      "conformance", "Run upstream DeepSpeed's ZenFlow code on the same cases as the model and report every disagreement");
  cmd->add_option("--deepspeed", opts->runner.deepspeed, "DeepSpeed checkout or git repository")->required();
  auto rev = cmd->add_option("--rev", opts->rev,
                             "git revision to read upstream's files at (default: the profile's revision, "
                             "edaa72212 or refs/pull/8274/head)");
  cmd->add_flag("--worktree", opts->worktree, "read upstream's files from the checkout's working tree instead")
      ->excludes(rev);
  cmd->add_option("--profile", opts->profile, "behaviour profile of the model")->capture_default_str();
  auto cases = cmd->add_option("--cases", opts->cases, "eval-format cases file, or - for standard input");
  auto sweep = cmd->add_flag("--sweep", opts->sweep, "the sweep grid's cases (zfcheck grid)")->excludes(cases);
  cmd->add_option("--generated", opts->generated, "draw N cases from the property generators")
      ->excludes(cases)
      ->excludes(sweep);
  cmd->add_option("--seed", opts->seed, "seed for --generated")->capture_default_str();
  cmd->add_option("--python", opts->runner.python, "Python 3 with pydantic 2")->capture_default_str();
  cmd->add_option("--runner", opts->runner.script, "runner script (default: the copy built into zfcheck)");
  cmd->footer(
      "Upstream's modules (config classes, the three set-up copies, the predicates) run unchanged in one Python\n"
      "process; only what they import for other purposes is stubbed. Every eval-format field upstream produces is\n"
      "compared. A line the model refuses as invalid_case is listed with its reason and not compared.\n"
      "Exit status: 0 full agreement, 1 some disagreement, 2 bad usage, an invalid case line or the runner failed.");
  cmd->callback([opts, &exit_code] { exit_code = run_conformance(*opts); });
}

}  // namespace zfcheck::cli
