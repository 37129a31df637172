// `zfcheck history`: every first-parent commit that changed a file the runner loads, what it changed in
// upstream's behaviour on the grid, and where each invariant's finding appeared and vanished.
#include "harness/checks/invariants.hpp"
#include "harness/checks/result_summary.hpp"
#include "harness/checks/sweep.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/grid_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/cli/topk_review.hpp"
#include "harness/io/case_io.hpp"
#include "harness/reports/profile_diff.hpp"
#include "harness/upstream/changed_code.hpp"
#include "harness/upstream/measured_answers.hpp"
#include "harness/upstream/upstream_engine.hpp"
#include "kernels/check/topk_invariants.hpp"
#include "reference/py_json.hpp"

#include <algorithm>
#include <iostream>
#include <memory>
#include <set>

namespace zfcheck::cli {

namespace {

struct HistoryOptions {
  EngineChoice runner;
  GridChoice grid;
  TopkReviewChoice topk;
  std::string path;
  std::string since;
  std::string until = "HEAD";
  std::string invariant;
};

bool known_invariant(const std::string& name) {
  auto topk = topk_invariants();
  return find_invariant(name) != nullptr ||
         std::any_of(topk.begin(), topk.end(), [&](const TopkInvariant& i) { return i.name == name; });
}

// The top-k part of the timeline: each evaluated commit's answers to the problem set against the last
// commit's that were evaluated, what its selection code ran, and the top-k invariants some answer breaks.
class TopkTimeline {
 public:
  explicit TopkTimeline(const HistoryOptions& opts) : opts_(opts) {
    if (opts.topk.problems > 0) set_ = topk_review_problems(opts.topk);
  }

  // Whether the commit's selection code differs from the last evaluated commit's (its selection key): a
  // commit that changed only the top-k runner's files is evaluated then, and passed over otherwise. False
  // where the top-k part does not run, or the key cannot be read there.
  bool selection_changed(const std::string& spec) const {
    if (!set_ || !torch_missing_.empty() || !previous_) return false;
    try {
      return topk_selection_key(spec, opts_.topk, opts_.runner) != previous_->selection_key;
    } catch (const EngineFailure&) {
      return false;
    }
  }

  // The commit's lines; adds the invariants its answers break to `broken`, its files to `files` and what
  // ran to `ran`. Where the selection code cannot run (no torch, a revision without it) it says so, and the
  // next commit is compared with the last one that ran.
  std::string evaluate(const std::string& spec, std::set<std::string>& broken,
                       std::map<std::string, std::string>& files, ExecutedLines& ran) {
    if (!set_) return "";
    if (!torch_missing_.empty()) return "    top-k: not evaluated (" + torch_missing_ + ")\n";
    try {
      TopkRevisionRun now = run_topk_revision(spec, *set_, opts_.topk, opts_.runner);
      std::string line = "    top-k: ";
      if (previous_) {
        TopkChanges changes = compare_topk(*set_, *previous_, now);
        line += changes.changed_summary();
        for (const char* status : {"introduced", "fixed"}) {
          for (const TopkInvariantChange* c : changes.with_status(status))
            line += "; " + std::string(status) + " " + c->invariant + " on " + std::to_string(c->problems) +
                    (c->problems == 1 ? " problem, e.g. " : " problems, e.g. ") + c->line;
        }
      } else {
        line +=
            std::to_string(set_->lines.size()) + " problems (" + set_->description + "), the first evaluated";
      }
      auto names = now.broken_anywhere();
      broken.insert(names.begin(), names.end());
      files.insert(now.files.begin(), now.files.end());
      ran.merge(now.ran);
      line += "\n    top-k answers: " + now.answered.summary();
      previous_ = std::move(now);
      return line + "\n";
    } catch (const TorchMissing& e) {
      torch_missing_ = e.what();
      return "    top-k: not evaluated (" + torch_missing_ + ")\n";
    } catch (const VerifyFailure&) {
      throw;  // the reuse itself failed: not this commit's
    } catch (const EngineFailure& e) {
      if (previous_) broken.merge(previous_->broken_anywhere());  // unknown here: no transition
      return "    top-k: not evaluated (" + std::string(e.what()) + ")\n";
    }
  }

 private:
  const HistoryOptions& opts_;
  std::optional<TopkProblemSet> set_;
  std::optional<TopkRevisionRun> previous_;
  std::string torch_missing_;
};

std::set<std::string> broken(const SweepReport& report) {
  std::set<std::string> names;
  for (const Finding& f : report.findings) names.insert(f.invariant);
  return names;
}

int run_history(const HistoryOptions& opts) {
  if (!opts.invariant.empty() && !known_invariant(opts.invariant)) {
    std::cerr << "zfcheck history: --invariant: no invariant " << opts.invariant
              << " (zfcheck invariants lists them)\n";
    return kExitUsage;
  }
  auto config_list = first_parent_commits(opts.path, opts.since, opts.until);
  auto list = opts.topk.problems > 0  // the top-k runner's files are followed too
                  ? first_parent_commits(opts.path, opts.since, opts.until, topk_runner_source_files())
                  : config_list;
  if (!config_list || !list) {
    std::cerr << "zfcheck history: " << (config_list ? list : config_list).error() << "\n";
    return kExitUsage;
  }
  std::set<std::string> config_commits;  // those that changed a file the config runner loads
  for (const UpstreamCommit& c : *config_list) config_commits.insert(c.sha);
  const SweepGrid grid(chosen_grid_blocks(opts.grid));
  TopkTimeline topk(opts);
  std::unique_ptr<Engine> previous;
  std::string previous_key;
  std::set<std::string> previous_broken;
  std::vector<std::string> transitions;
  auto not_evaluated = [](const UpstreamCommit& c, const std::string& why) {
    std::cout << c.sha << " " << c.date << " " << c.subject << ": not evaluated (" << why << ")\n";
  };
  EngineChoice measured = opts.runner;
  measured.coverage = true;  // each commit's changed lines against what ran
  for (const UpstreamCommit& c : *list) {
    // A commit that changed only the top-k runner's files is on the timeline where its selection changed.
    const bool topk_only = !config_commits.contains(c.sha);
    if (topk_only && !topk.selection_changed(opts.path + "@" + c.sha)) continue;
    auto engine = open_upstream(opts.path + "@" + c.sha, measured);
    if (!engine) {
      not_evaluated(c, engine.error());
      continue;
    }
    const UpstreamSource& source = (*engine)->source();
    const std::string key = source.key;
    if (!topk_only && key == previous_key && !topk.selection_changed(opts.path + "@" + c.sha)) continue;
    std::string lines = c.sha + " " + c.date + " " + c.subject;
    std::set<std::string> now;
    std::uint64_t unanswered = 0;
    try {
      // One walk of the grid: the commit's answers against the last evaluated commit's, and its sweep.
      SweepTally sweep;
      Progress progress = Progress::on_terminal("history " + c.sha, grid.size());
      if (previous) {
        DiffTally tally(*previous, **engine, grid.size());
        for_each_result_pair(
            grid, *previous, **engine,
            [&](const Case& k, const Result& a, const Result& b) {
              tally.add(k, a, b);
              sweep.add_answer(**engine, k, b);
            },
            &progress, /*from_walked_grid=*/true);  // the previous engine walked it last time round
        ProfileDiff diff = tally.diff();
        lines += ": " + std::to_string(diff.differing) + " cases changed" + grid_blocks_note(opts.grid) +
                 (diff.not_evaluated.count > 0 ? "; " + diff.not_evaluated.summary() : "") + "\n";
        for (const DiffGroup& g : diff.groups)
          lines +=
              "    " + std::to_string(g.count) + ": " + g.change + "; e.g. " + case_line(g.example) + "\n";
      } else {
        (*engine)->for_each_result(
            grid, [&](const Case& k, const Result& r) { sweep.add_answer(**engine, k, r); }, &progress);
        lines += ": the first evaluated\n";
      }
      SweepReport report = sweep.report(**engine, grid.size());
      ReuseCounts answered = (*engine)->take_reuse_counts();
      if (answered.reused + answered.evaluated() > 0) lines += "    answers: " + answered.summary() + "\n";
      now = broken(report);
      unanswered = report.not_evaluated.count;
      if (!previous && unanswered > 0) lines.insert(lines.find('\n'), "; " + report.not_evaluated.summary());
      std::map<std::string, std::string> files = source.files;
      ExecutedLines ran = (*engine)->executed_lines();
      lines += topk.evaluate(opts.path + "@" + c.sha, now, files, ran);
      auto coverage = patch_coverage(opts.path, parent_or_empty_tree(opts.path, c.sha), c.sha, files, ran);
      lines +=
          "    patch coverage: " + (coverage ? patch_coverage_summary(*coverage) : coverage.error()) + "\n";
    } catch (const VerifyFailure&) {
      throw;  // the reuse itself failed: not this commit's
    } catch (const EngineFailure& e) {
      // The runner cannot run this revision: said plainly, and the timeline goes on from the last one it ran.
      not_evaluated(c, e.what());
      continue;
    }
    std::cout << lines << std::flush;
    for (const std::string& name : now) {
      if (!previous_broken.contains(name))
        transitions.push_back(name + ": appeared at " + c.sha + " " + c.date + " " + c.subject);
    }
    for (const std::string& name : previous_broken) {
      if (now.contains(name)) continue;
      if (unanswered > 0) {
        now.insert(name);  // its cases may be among those not evaluated: it has not been seen to vanish
      } else {
        transitions.push_back(name + ": vanished at " + c.sha + " " + c.date + " " + c.subject);
      }
    }
    previous = std::move(*engine);
    previous_key = key;
    previous_broken = now;
  }
  std::cout << "\nfindings:\n";
  for (const std::string& t : transitions) {
    if (opts.invariant.empty() || t.starts_with(opts.invariant + ":")) std::cout << "  " << t << "\n";
  }
  return kExitOk;
}

}  // namespace

void add_history_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<HistoryOptions>();
  CLI::App* cmd = app.add_subcommand(
      "history",
      "Upstream's ZenFlow history: what each commit changed on the grid, where each finding appeared");
  cmd->add_option("--upstream", opts->path, "DeepSpeed clone or mirror")->required();
  cmd->add_option("--since", opts->since,
                  "The baseline: evaluated first, the later commits against it (default: the first commit)");
  cmd->add_option("--until", opts->until, "End at this revision")->capture_default_str();
  cmd->add_option("--invariant", opts->invariant, "Only this invariant's appearances and disappearances");
  add_runner_options(cmd, opts->runner);
  add_grid_choice(cmd, opts->grid);
  add_topk_review_options(cmd, opts->topk);
  set_help_footer(
      cmd,
      "First-parent commits that changed a file the runner loads (or the top-k runner's, where "
      "the selection key changes); the grid is evaluated once per "
      "distinct content of those files, and the top-k problem set (as in review) through the "
      "commit's own selection code, its answers against the last evaluated commit's (top-k "
      "invariants some answer breaks join the findings); under each, the patch coverage of the "
      "commit's own change (the lines it changed in the runners' files that some grid case or "
      "top-k problem ran).",
      {"done", "", "bad usage, a runner failure, or --verify finding a reused answer that differs"});
  cmd->callback([opts, &exit_code] {
    exit_code = guard_engine_failure("history", [&] { return run_history(*opts); });
  });
}

}  // namespace zfcheck::cli
