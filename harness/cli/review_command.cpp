// `zfcheck review`: what a reviewer posts on a ZenFlow pull request, base against head through upstream's
// code.
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/cli/grid_choice.hpp"
#include "harness/cli/help_text.hpp"
#include "harness/cli/topk_review.hpp"
#include "harness/reports/engine_review.hpp"
#include "harness/upstream/changed_code.hpp"
#include "harness/upstream/field_sweep.hpp"
#include "harness/upstream/upstream_engine.hpp"
#include "reference/py_json.hpp"

#include <algorithm>
#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct ReviewOptions {
  EngineChoice runner;
  GridChoice grid;
  TopkReviewChoice topk;
  std::string path;
  std::string base;
  std::string head;
  std::string format = "markdown";
};

// Names in `from` that `to` lacks, in `from`'s order.
std::vector<std::string> missing_from(const std::vector<std::string>& from,
                                      const std::vector<std::string>& to) {
  std::vector<std::string> out;
  for (const std::string& name : from) {
    if (std::find(to.begin(), to.end(), name) == to.end()) out.push_back(name);
  }
  return out;
}

// The names of a revision's ZenFlowConfig fields, in its schema's order.
std::vector<std::string> field_names(const UpstreamEngine& engine) {
  std::vector<std::string> names;
  for (const RevisionField& f : engine.fields()) names.push_back(f.name);
  return names;
}

int run_review(const ReviewOptions& opts) {
  auto base = open_upstream(opts.path + "@" + opts.base, opts.runner);
  if (!base) {
    std::cerr << "zfcheck review: base: " << base.error() << "\n";
    return kExitUsage;
  }
  EngineChoice measured = opts.runner;
  measured.coverage = true;  // the head's changed lines against what ran
  auto head = open_upstream(opts.path + "@" + opts.head, measured);
  if (!head) {
    std::cerr << "zfcheck review: head: " << head.error() << "\n";
    return kExitUsage;
  }
  // The grid, and a block per field either revision has that the model does not know.
  FieldSweep swept = sweep_new_fields(chosen_grid_blocks(opts.grid), {base->get(), head->get()});
  Progress progress =
      Progress::on_terminal("review " + (*base)->name() + " -> " + (*head)->name(), swept.grid.size());
  TableFormat format = opts.format == "text" ? TableFormat::text : TableFormat::markdown;
  Review review = review_engines(swept.grid, **base, **head, format, &progress);
  for (const auto& [side, engine] : {std::pair{"base", base->get()}, std::pair{"head", head->get()}}) {
    ReuseCounts answered = engine->take_reuse_counts();
    if (answered.reused + answered.evaluated() > 0)
      std::cerr << "zfcheck review: " << side << " " << engine->name() << ": " << answered.summary() << "\n";
  }
  for (const SweptField& f : swept.fields) {
    std::vector<std::string> values;
    for (const py::Value& v : f.values) values.push_back(py::to_json(v));
    review.swept_fields.push_back({f.field.name, f.field.annotation, std::move(values), f.cases});
  }
  review.title = pull_request_title(opts.head);
  review.grid_blocks = opts.grid.selectors;
  const auto base_fields = field_names(**base), head_fields = field_names(**head);
  review.new_fields = missing_from(head_fields, base_fields);
  review.removed_fields = missing_from(base_fields, head_fields);
  TopkReviewRun topk =
      review_topk(opts.path + "@" + opts.base, opts.path + "@" + opts.head, opts.topk, opts.runner);
  review.topk = std::move(topk.review);
  for (const std::string& side : topk.answered) std::cerr << "zfcheck review: top-k " << side << "\n";
  // What the cases ran and what the top-k problems ran, over both runners' files.
  std::map<std::string, std::string> files = (*head)->source().files;
  files.insert(topk.head_files.begin(), topk.head_files.end());
  ExecutedLines ran = (*head)->executed_lines();
  ran.merge(topk.head_ran);
  auto coverage = patch_coverage(opts.path, (*base)->source().label, (*head)->source().label, files, ran);
  if (!coverage) {
    std::cerr << "zfcheck review: patch coverage: " << coverage.error() << "\n";
    return kExitUsage;
  }
  review.coverage = std::move(*coverage);
  if (opts.format == "json") {
    std::cout << review_json(review);
  } else {
    std::cout << render_review(review, format, portable_upstream_option(review.base),
                               portable_upstream_option(review.head));
  }
  std::cout.flush();
  return review_passes(review) ? kExitOk : kExitFinding;
}

}  // namespace

void add_review_command(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<ReviewOptions>();
  CLI::App* cmd = app.add_subcommand(
      "review", "A ZenFlow pull request's review: base and head revisions through upstream's own code");
  cmd->add_option("--upstream", opts->path, "DeepSpeed clone or mirror")->required();
  cmd->add_option("--base", opts->base, "The base revision (e.g. the PR's merge base)")->required();
  cmd->add_option("--head", opts->head, "The head revision (e.g. refs/pull/N/head)")->required();
  cmd->add_option("--format", opts->format, "markdown, text or json")
      ->capture_default_str()
      ->check(CLI::IsMember({"markdown", "text", "json"}));
  add_runner_options(cmd, opts->runner);
  add_grid_choice(cmd, opts->grid);
  add_topk_review_options(cmd, opts->topk);
  set_help_footer(
      cmd,
      "The verdict and a summary first; then what the head introduces and fixes (the simplest case as a "
      "DeepSpeed config, a replay command for any clone: set DEEPSPEED_SRC), the changed code lines no case "
      "ran "
      "(patch coverage of git diff BASE HEAD), the diff's behaviour-change groups, the top-k problems "
      "upstream's selection code answers differently (by kind: selection, geometry, error, rank outcome, "
      "index "
      "dtype, runner) and the top-k invariants it introduces or fixes, new ZenFlow fields, the resolution "
      "table, and what stays broken (collapsed in markdown). A PR's number (--head refs/pull/N/head) goes in "
      "the title.",
      {"the head introduces no finding and every changed code line ran",
       "it introduces a finding (a top-k invariant included) or a changed code line ran in no case",
       "bad usage or a runner failure"});
  cmd->callback(
      [opts, &exit_code] { exit_code = guard_engine_failure("review", [&] { return run_review(*opts); }); });
}

}  // namespace zfcheck::cli
