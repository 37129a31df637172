// `zfcheck replay`: every reviewed seed under every profile it names; a table of the fields that changed.
#include "harness/cli/commands.hpp"
#include "harness/cli/reviewed_case_stream.hpp"
#include "harness/checks/replay.hpp"
#include "harness/io/text_table.hpp"

#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct ReplayOptions {
  std::vector<std::string> paths{"corpus/reviewed"};
};

std::string count_of(std::size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

int run_replay(const ReplayOptions& opts) {
  std::vector<std::vector<std::string>> rows;
  std::size_t expectations = 0;
  ReviewedCaseCounts counts =
      for_each_reviewed_case("replay", opts.paths, [&](const std::filesystem::path& file, const ReviewedCase& seed) {
        expectations += seed.expect.size();
        for (Mismatch& m : replay_reviewed_case(seed)) {
          rows.push_back({file.stem().string(), m.profile, m.difference.field,
                          std::move(m.difference.expected), std::move(m.difference.actual)});
        }
      });
  if (!counts.paths_ok) return kExitUsage;
  if (!rows.empty())
    std::cout << render_table({"seed", "profile", "field", "expected", "actual"}, rows, TableFormat::text)
              << "\n";
  std::cout << "replay: " << count_of(counts.read, "seed", "seeds") << ", "
            << count_of(expectations, "expectation", "expectations") << ", "
            << count_of(rows.size(), "mismatch", "mismatches");
  if (counts.unreadable > 0)
    std::cout << ", " << count_of(counts.unreadable, "unreadable seed", "unreadable seeds");
  std::cout << "\n";
  std::cout.flush();
  if (counts.unreadable > 0 || counts.read == 0) return kExitUsage;
  return rows.empty() ? kExitOk : kExitFinding;
}

}  // namespace

void add_replay_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ReplayOptions>();
  CLI::App* cmd = app.add_subcommand(
      "replay",
      "Replay the reviewed corpus: each seed's case under each profile it names, against its expectations");
  cmd->add_option("paths", opts->paths, "ReviewedCase files, or directories of them (*.json)")->capture_default_str();
  cmd->footer(
      "A seed (docs/corpus-format.md) records, per profile, the outcome, error type, resolved "
      "select_interval,\n"
      "selection count, warnings and invariant violations; each field that differs today is a table row.\n"
      "A file that is not a valid seed is reported (file, line, field) and the others are still replayed.\n"
      "Exit status: 0 every expectation holds, 1 some field differs, 2 an unreadable seed, no seed, or bad "
      "usage.");
  cmd->callback([opts, &exit_code] { exit_code = run_replay(*opts); });
}

}  // namespace zfcheck::cli
