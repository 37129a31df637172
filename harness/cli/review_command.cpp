// `zfcheck review`: what a reviewer posts on a ZenFlow pull request, base against head through upstream's code.
#include "harness/cli/commands.hpp"
#include "harness/cli/engine_choice.hpp"
#include "harness/reports/engine_review.hpp"
#include "harness/upstream/field_sweep.hpp"
#include "harness/upstream/upstream_engine.hpp"
#include "reference/py_json.hpp"

#include <iostream>
#include <memory>

namespace zfcheck::cli {

namespace {

struct ReviewOptions {
  EngineChoice runner;
  std::string path;
  std::string base;
  std::string head;
  std::string format = "markdown";
};

int run_review(const ReviewOptions& opts) {
  auto base = open_upstream(opts.path + "@" + opts.base, opts.runner);
  if (!base) {
    std::cerr << "zfcheck review: base: " << base.error() << "\n";
    return kExitUsage;
  }
  auto head = open_upstream(opts.path + "@" + opts.head, opts.runner);
  if (!head) {
    std::cerr << "zfcheck review: head: " << head.error() << "\n";
    return kExitUsage;
  }
  // The grid, and a block per field either revision has that the model does not know.
  FieldSweep swept = sweep_new_fields({base->get(), head->get()});
  Progress progress =
      Progress::on_terminal("review " + (*base)->name() + " -> " + (*head)->name(), swept.grid.size());
  TableFormat format = opts.format == "text" ? TableFormat::text : TableFormat::markdown;
  Review review = review_engines(swept.grid, **base, **head, format, &progress);
  for (const SweptField& f : swept.fields) {
    std::vector<std::string> values;
    for (const py::Value& v : f.values) values.push_back(py::to_json(v));
    review.new_fields.push_back({f.field.name, f.field.annotation, std::move(values), f.cases});
  }
  if (opts.format == "json") {
    std::cout << review_json(review);
  } else {
    std::cout << render_review(review, format, (*base)->replay_option(), (*head)->replay_option());
  }
  std::cout.flush();
  return review.introduced ? kExitFinding : kExitOk;
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
  cmd->footer(
      "The thread's resolution table with a column per side; per invariant fixed / introduced / still broken\n"
      "(counts, the simplest case as a DeepSpeed config, a replay command); the diff's behaviour-change groups.\n"
      "Exit status: 0 the head introduces no finding, 1 it introduces one, 2 bad usage or a runner failure.");
  cmd->callback([opts, &exit_code] { exit_code = guard_engine_failure("review", [&] { return run_review(*opts); }); });
}

}  // namespace zfcheck::cli
