// `zfcheck replay`: every reviewed seed under every profile it names, or through upstream's code against one
// profile's expectations; a table of the fields that changed.
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/cli/reviewed_case_stream.hpp"
#include "harness/corpus/replay.hpp"
#include "harness/io/terminal_style.hpp"
#include "harness/io/text_table.hpp"
#include "harness/upstream/revision_profile.hpp"

#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct ReplayOptions {
  std::vector<std::string> paths;  // none: the reviewed corpus of zfcheck's data
  EngineChoice engine;
  std::string expect;  // with --upstream: the profile whose expectations the results are held to
};

std::string count_of(std::size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

int run_replay(const ReplayOptions& opts) {
  std::unique_ptr<Engine> upstream;
  std::string expect = opts.expect;
  if (!opts.engine.upstream.empty()) {
    if (!expect.empty()) {
      if (auto known = find_profile(expect); !known) {
        std::cerr << "zfcheck replay: --expect: " << known.error() << "\n";
        return kExitUsage;
      }
    } else {
      auto found = profile_of_revision(opts.engine.upstream,
                                       "name the expectations to hold its results to with --expect PROFILE");
      if (!found) {
        std::cerr << "zfcheck replay: " << found.error() << "\n";
        return kExitUsage;
      }
      expect = *found;
    }
    auto engine = upstream_engine(opts.engine.upstream, opts.engine);
    if (!engine) {
      std::cerr << "zfcheck replay: " << engine.error() << "\n";
      return kExitUsage;
    }
    upstream = std::move(*engine);
  }
  std::vector<std::vector<std::string>> rows;
  std::size_t expectations = 0, without = 0;
  auto replay_seed = [&](const std::filesystem::path& file, const ReviewedCase& seed) {
    std::vector<Mismatch> mismatches;
    if (upstream) {
      auto replayed = replay_reviewed_case(seed, *upstream, expect);
      if (!replayed) {
        ++without;
        return;
      }
      ++expectations;
      mismatches = std::move(*replayed);
    } else {
      expectations += seed.expect.size();
      mismatches = replay_reviewed_case(seed);
    }
    for (Mismatch& m : mismatches) {
      rows.push_back({file.stem().string(), m.profile, m.difference.field, std::move(m.difference.expected),
                      std::move(m.difference.actual)});
    }
  };
  return guard_engine_failure("replay", [&] {
    ReviewedCaseCounts counts = for_each_reviewed_case("replay", opts.paths, replay_seed);
    if (!counts.paths_ok) return kExitUsage;
    if (!rows.empty())
      std::cout << render_table({"seed", "profile", "field", "expected", "actual"}, rows, TableFormat::text) << "\n";
    std::cout << "replay: " << count_of(counts.read, "seed", "seeds") << ", "
              << count_of(expectations, "expectation", "expectations");
    if (upstream) std::cout << " of " << expect << " through " << upstream->name();
    const TerminalStyle style = TerminalStyle::for_stdout();
    std::cout << ", "
              << style.paint(count_of(rows.size(), "mismatch", "mismatches"),
                             rows.empty() ? Tone::good : Tone::bad);
    if (without > 0)
      std::cout << ", "
                << style.paint(std::to_string(without) + " without an expectation of " + expect,
                               Tone::notable);
    if (counts.unreadable > 0)
      std::cout << ", "
                << style.paint(count_of(counts.unreadable, "unreadable seed", "unreadable seeds"), Tone::bad);
    std::cout << "\n";
    std::cout.flush();
    if (counts.unreadable > 0 || counts.read == 0 || (upstream && expectations == 0)) return kExitUsage;
    return rows.empty() ? kExitOk : kExitFinding;
  });
}

}  // namespace

void add_replay_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ReplayOptions>();
  CLI::App* cmd = app.add_subcommand(
      "replay",
      "Replay the reviewed corpus: each seed's case under each profile it names, against its expectations");
  cmd->add_option(
         "paths", opts->paths,
         "ReviewedCase files, directories of them (*.json), or - for one on standard input (default: the "
         "reviewed corpus of zfcheck's data)")
      ->type_name("PATH");
  CLI::Option* upstream = add_upstream_option(cmd, opts->engine);
  cmd->add_option(
         "--expect", opts->expect,
         "With --upstream: the profile whose expectations its results are held to (default: the built-in "
         "profile that models that revision)")
      ->type_name(kProfileType)
      ->needs(upstream);
  add_runner_options(cmd, opts->engine);
  set_help_footer(
      cmd,
      "A seed (docs/corpus-format.md) records, per profile, the outcome, error type, resolved "
      "select_interval,\n"
      "selection count, warnings and invariant violations; each field that differs today is a table row.\n"
      "With --upstream, each seed's case runs through upstream's code and is held to the seed's "
      "expectations\n"
      "of one profile (--expect); seeds that record none for it are counted and skipped.\n"
      "A file that is not a valid seed is reported (file, line, field) and the others are still replayed.\n"
      "Without paths, the reviewed corpus is found in ZFCHECK_DATA_DIR, else the checkout of a build tree's\n"
      "zfcheck, else the installation's share/zfcheck/corpus/reviewed.",
      {"every expectation holds", "some field differs",
       "an unreadable seed, no seed (with --upstream: none with an expectation of that profile), no reviewed "
       "corpus found, an engine that cannot run, or bad usage"});
  cmd->callback([opts, &exit_code] { exit_code = run_replay(*opts); });
}

}  // namespace zfcheck::cli
