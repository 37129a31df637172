// `zfcheck conformance`: the same cases through the model and through upstream DeepSpeed's own code, field by
// field. This file wires the options (the engine vocabulary of every command, and the old spelling).
#include "harness/cli/commands.hpp"
#include "harness/cli/conformance_topk.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/named_input.hpp"
#include "harness/io/shell_quote.hpp"
#include "harness/io/terminal_style.hpp"
#include "harness/upstream/conformance_run.hpp"
#include "harness/upstream/revision_profile.hpp"
#include "properties/generators/generators.hpp"

#include <iostream>
#include <memory>
#include <optional>

namespace zfcheck::cli {

namespace {

struct ConformanceOptions {
  EngineChoice engine;  // --upstream PATH[@REV], the runner's options
  std::optional<std::string> profile;
  std::string cases;  // a cases file or "-"
  bool sweep = false;
  bool topk = false;  // top-k problems instead of config cases
  std::size_t generated = 0;
  std::uint64_t seed = 1;
  // The old spelling: --deepspeed PATH [--rev REV | --worktree] --cases FILE.
  std::string deepspeed;
  std::string rev;
  bool worktree = false;
  std::string cases_option;
};

// The old spelling rewritten into the new one, with a note on standard error; the reason when it cannot be.
tl::expected<void, std::string> upgrade_old_spelling(ConformanceOptions& opts) {
  if (!opts.cases_option.empty()) {
    if (!opts.cases.empty())
      return tl::unexpected(std::string("give the cases file once (--cases is the old spelling)"));
    opts.cases = opts.cases_option;
    std::cerr << "zfcheck conformance: --cases FILE is deprecated; give the file as the argument: "
                 "zfcheck conformance ... FILE\n";
  }
  if (opts.deepspeed.empty()) {
    if (!opts.rev.empty() || opts.worktree)
      return tl::unexpected(std::string("--rev and --worktree go with --deepspeed"));
    return {};
  }
  if (!opts.engine.upstream.empty())
    return tl::unexpected(std::string("give --upstream or the old --deepspeed, not both"));
  opts.profile = opts.profile.value_or(std::string(kDefaultProfile));  // the old default profile
  std::string rev = opts.rev;
  if (rev.empty() && !opts.worktree) {  // the old default revision: the profile's own
    auto profile = find_profile(*opts.profile);
    if (!profile) return tl::unexpected(profile.error());
    rev = std::string(profile->upstream_rev);
    if (rev.empty()) {
      return tl::unexpected(
          "profile " + profile->name +
          " models PR #8456, whose code exists only as described in its review thread: there is "
          "no upstream revision to run it against. How the model's choices for it were made is "
          "documented in docs/zenflow.md#what-the-model-assumes-for-pr-8456. To compare with a "
          "checkout of your own, name it with --upstream PATH@REV (or PATH for its working tree).");
    }
  }
  opts.engine.upstream = opts.deepspeed + (rev.empty() ? "" : "@" + rev);
  std::cerr << "zfcheck conformance: --deepspeed PATH [--rev REV | --worktree] is deprecated; say --upstream "
            << shell_quote(opts.engine.upstream)
            << " (PATH@REV, or PATH for the working tree), as every command does\n";
  return {};
}

// The model's side: --profile, or the built-in profile that models the --upstream revision.
tl::expected<Profile, std::string> model_profile(const ConformanceOptions& opts) {
  if (opts.profile) return find_profile(*opts.profile);
  auto modelled = profile_of_revision(opts.engine.upstream, "name the model's profile with --profile P");
  if (!modelled) return tl::unexpected(modelled.error());
  return find_profile(*modelled);
}

// Feeds the cases, from `input`, the sweep grid or the generators, to the run; false on a read error.
bool feed_cases(const ConformanceOptions& opts, InputFile* input, ConformanceRun& run) {
  std::size_t count = 0;
  auto add = [&](const Case& c) { run.add(c, ++count); };
  if (input != nullptr)
    return for_each_case_line(input->stream(), [&](std::size_t line, auto c) { run.add(std::move(c), line); });
  if (opts.sweep) {
    SweepGrid::builtin().for_each(add);
  } else {
    gen::sample_cases(opts.seed, opts.generated, add);
  }
  return true;
}

int run_conformance(ConformanceOptions& opts) {
  auto fail = [](const std::string& why) {
    std::cerr << "zfcheck conformance: " << why << "\n";
    return kExitUsage;
  };
  if (auto upgraded = upgrade_old_spelling(opts); !upgraded) return fail(upgraded.error());
  if (opts.engine.upstream.empty()) return fail("name upstream's code: --upstream PATH[@REV]");
  if ((opts.generated > 0) + opts.sweep + !opts.cases.empty() != 1)
    return fail("give exactly one of a cases file (or - for standard input), --sweep or --generated N");
  auto profile = model_profile(opts);
  if (!profile) return fail(profile.error());
  if (opts.topk)
    return run_topk_conformance(*profile, opts.engine,
                                TopkProblemSource{opts.cases, opts.generated, opts.seed});
  std::optional<InputFile> input;
  if (!opts.cases.empty()) {
    input.emplace(opts.cases);
    if (!input->error().empty()) return fail(input->error());
  }
  auto upstream = open_upstream(opts.engine.upstream, opts.engine);
  if (!upstream) return fail(upstream.error());

  const std::uint64_t total = input ? 0 : opts.sweep ? SweepGrid::builtin().size() : opts.generated;
  const std::string source = input ? "cases from " + input->name()
                             : opts.sweep ? "the sweep grid (" + std::to_string(total) + " cases)"
                                          : std::to_string(total) + " generated cases (seed " +
                                                std::to_string(opts.seed) + ")";
  std::cout << "zfcheck conformance: profile " << profile->name << " against " << (*upstream)->name() << " ("
            << (*upstream)->summary() << "), " << source << "\n";
  std::cout.flush();
  return guard_engine_failure("conformance", [&] {
    Progress progress = Progress::on_terminal("conformance", total);
    ConformanceRun run(*profile, **upstream, &progress);
    if (!feed_cases(opts, input ? &*input : nullptr, run)) return fail("read error on " + input->name());
    run.finish();
    std::string replay = "zfcheck conformance " + (*upstream)->replay_option() + " --profile " +
                         shell_quote(profile->name) + " -";
    std::cout << run.render(replay, TerminalStyle::for_stdout());
    std::cout.flush();
    if (!run.invalid().empty()) return kExitUsage;
    if (run.summary().cases() == 0 && run.not_evaluated().count > 0) return kExitUsage;  // nothing compared
    return run.summary().agreed() == run.summary().cases() ? kExitOk : kExitFinding;
  });
}

}  // namespace

void add_conformance_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ConformanceOptions>();
  CLI::App* cmd = app.add_subcommand(
      "conformance", "Run upstream DeepSpeed's ZenFlow code on the same cases as the model and report every disagreement");
  cmd->add_option("cases", opts->cases,
                  "Eval-format cases file (with --topk: top-k problems), or - for standard input")
      ->type_name("FILE");
  add_upstream_option(cmd, opts->engine);
  cmd->add_option("--profile", opts->profile,
                  "The model's profile (default: the built-in profile that models the --upstream revision)")
      ->type_name(kProfileType);
  CLI::Option* sweep =
      cmd->add_flag("--sweep", opts->sweep, "The sweep grid's cases (zfcheck grid); --topk: the top-k grid");
  cmd->add_flag("--topk", opts->topk,
                "Top-k selection problems (docs/topk-format.md) instead of cases: the oracle against "
                "upstream's own selection code, ranks in lockstep; --python must have torch");
  cmd->add_option("--generated", opts->generated,
                  "Draw N cases (with --topk: top-k problems) from the property generators")
      ->excludes(sweep);
  cmd->add_option("--seed", opts->seed, "Seed for --generated")->capture_default_str();
  add_runner_options(cmd, opts->engine);
  add_device_option(cmd, opts->engine);
  // The old spelling, still read (with a note saying the new one), not shown in the help.
  CLI::Option* deepspeed = cmd->add_option("--deepspeed", opts->deepspeed)->group("");
  CLI::Option* rev = cmd->add_option("--rev", opts->rev)->group("")->needs(deepspeed);
  cmd->add_flag("--worktree", opts->worktree)->group("")->needs(deepspeed)->excludes(rev);
  cmd->add_option("--cases", opts->cases_option)->group("");
  set_help_footer(
      cmd,
      "Upstream's modules (config classes, the three set-up copies, the predicates) run unchanged, as for "
      "every\n"
      "--upstream engine; every eval-format field upstream produces is compared with the model's (warnings "
      "by\n"
      "count), and each disagreeing field is shown with its count, smallest case and replay. A line the "
      "model\n"
      "refuses as invalid_case is listed with its reason and not compared; so are the cases upstream's "
      "runner\n"
      "could not answer (RunnerStandIn, RunnerError: a Python without numpy, say), counted with their "
      "reasons\n"
      "and the smallest of them. `zfcheck diff --from P --to upstream:PATH@REV` compares the same two "
      "engines\n"
      "on the grid only, grouping the changed cases instead.\n"
      "The old spelling --deepspeed PATH [--rev REV | --worktree] --cases FILE still works, with a note.\n"
      "--topk compares each problem's per-rank outcomes (kind, raise type and parameter, block), which\n"
      "parameters raised, their geometry, selections (a different top-k under ties agrees) and index dtypes\n"
      "(docs/upstream-engine.md).",
      {"every compared case agrees", "some disagreement",
       "bad usage, an invalid case line, a runner failure or no case the runner could answer"});
  cmd->callback([opts, &exit_code] { exit_code = run_conformance(*opts); });
}

}  // namespace zfcheck::cli
