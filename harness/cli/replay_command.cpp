// `zfcheck replay`: every reviewed seed under every profile it names, or through upstream's code against one
// profile's expectations; a table of the fields that changed.
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/reviewed_case_stream.hpp"
#include "harness/corpus/replay.hpp"
#include "harness/io/text_table.hpp"
#include "harness/upstream/upstream_source.hpp"

#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct ReplayOptions {
  std::vector<std::string> paths{"corpus/reviewed"};
  EngineChoice engine;
  std::string expect;  // with --upstream: the profile whose expectations the results are held to
};

std::string count_of(std::size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

// The built-in profile that models the revision PATH@REV names (its upstream revision is the same commit).
tl::expected<std::string, std::string> profile_of_revision(const std::string& path_at_rev) {
  auto [path, rev] = split_upstream_spec(path_at_rev);
  std::optional<std::string> sha = rev ? resolve_commit(path, *rev) : std::nullopt;
  for (const Profile& p : builtin_profiles()) {
    if (sha && !p.upstream_rev.empty() && resolve_commit(path, std::string(p.upstream_rev)) == sha) return p.name;
  }
  return tl::unexpected(path_at_rev + " is not the revision of a built-in profile: name the expectations to hold " +
                        "its results to with --expect PROFILE");
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
      auto found = profile_of_revision(opts.engine.upstream);
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
    std::cout << ", " << count_of(rows.size(), "mismatch", "mismatches");
    if (without > 0) std::cout << ", " << without << " without an expectation of " << expect;
    if (counts.unreadable > 0) std::cout << ", " << count_of(counts.unreadable, "unreadable seed", "unreadable seeds");
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
  cmd->add_option("paths", opts->paths, "ReviewedCase files, or directories of them (*.json)")->capture_default_str();
  CLI::Option* upstream = add_upstream_option(cmd, opts->engine);
  cmd->add_option("--expect", opts->expect,
                  "With --upstream: the profile whose expectations its results are held to (default: the built-in "
                  "profile that models that revision)")
      ->needs(upstream);
  add_runner_options(cmd, opts->engine);
  cmd->footer(
      "A seed (docs/corpus-format.md) records, per profile, the outcome, error type, resolved "
      "select_interval,\n"
      "selection count, warnings and invariant violations; each field that differs today is a table row.\n"
      "With --upstream, each seed's case runs through upstream's code and is held to the seed's expectations\n"
      "of one profile (--expect); seeds that record none for it are counted and skipped.\n"
      "A file that is not a valid seed is reported (file, line, field) and the others are still replayed.\n"
      "Exit status: 0 every expectation holds, 1 some field differs, 2 an unreadable seed, no seed (with\n"
      "--upstream: none with an expectation of that profile), an engine that cannot run, or bad usage.");
  cmd->callback([opts, &exit_code] { exit_code = run_replay(*opts); });
}

}  // namespace zfcheck::cli
