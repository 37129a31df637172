// Batches split over the runner pool (one thread per runner), results in input order, the cache in front.
#include "harness/upstream/upstream_engine.hpp"

#include "harness/io/case_io.hpp"
#include "harness/io/result_json.hpp"
#include "harness/upstream/answer_groups.hpp"
#include "harness/upstream/interrupt_cleanup.hpp"
#include "harness/upstream/measured_answers.hpp"
#include "harness/upstream/revision_line.hpp"
#include "harness/upstream/runner_pool.hpp"
#include "reference/py_json.hpp"

#include <algorithm>
#include <cstdlib>
#include <thread>

namespace zfcheck {

namespace {

// Upstream produced a value the eval format cannot hold (a str where an int belongs): unmodelled.
Result unrepresentable(const Case& c, const std::string& reason) {
  Result r;
  r.id = c.id;
  r.outcome = Outcome::unmodelled;
  r.error = Error{"UnrepresentableResult", std::nullopt,
                  "upstream's result does not fit the eval format: " + reason};
  return r;
}

// The runner's input lines for `cases`, and all of them joined, each after a newline.
struct CaseLines {
  std::vector<std::string> lines;
  std::string joined;
};

CaseLines case_lines(const std::vector<Case>& cases) {
  CaseLines out;
  out.lines.reserve(cases.size());
  for (const Case& c : cases) {
    std::string line;
    py::write_json(line,
                   case_to_value(c, true));  // every key: the defaults are zfcheck's (the runner has none)
    out.joined += "\n" + line;
    out.lines.push_back(std::move(line));
  }
  return out;
}

// A digest of the runner's scripts: what a reused answer's key holds besides the case lines.
const std::string& runner_scripts_key() {
  static const std::string key = scripts_digest(upstream_runner_files());
  return key;
}

}  // namespace

UpstreamEngine::UpstreamEngine(UpstreamSource source, UpstreamEngineOptions options)
    : source_(std::move(source)),
      options_(std::move(options)),
      name_("upstream@" + source_.label),
      cache_(options_.cache_dir) {
  if (options_.jobs == 0) options_.jobs = std::max(1u, std::thread::hardware_concurrency());
}

tl::expected<std::unique_ptr<UpstreamEngine>, std::string> UpstreamEngine::open(
    const std::string& path, const std::optional<std::string>& rev, const UpstreamEngineOptions& options) {
  auto source = read_upstream_source(path, rev);
  if (!source) return tl::unexpected(source.error());
  return std::unique_ptr<UpstreamEngine>(new UpstreamEngine(std::move(*source), options));
}

UpstreamEngine::~UpstreamEngine() = default;

std::string UpstreamEngine::summary() const {
  return "DeepSpeed's own ZenFlow code at " +
         (source_.rev ? *source_.rev + " (" + source_.label + ")" : std::string("the working tree")) +
         " of " + source_.path;
}

std::string UpstreamEngine::replay_option() const {
  return "--upstream " + shell_quote(source_.rev ? source_.path + "@" + source_.label : source_.path);
}

std::string UpstreamEngine::load_failure(int status) const {
  return "the upstream runner could not load " + name_ + " (exit status " + std::to_string(status) +
         (status == 3 ? ": no pydantic 2; point --python at the Python of the DeepSpeed environment"
                      : "; its message is above") +
         ")";
}

void UpstreamEngine::revision_line(const std::string& what, bool RunnerOptions::*ask,
                                   const std::function<std::string(const std::string&)>& read) const {
  auto options = [&] {
    RunnerOptions runner_options{.python = options_.python,
                                 .deepspeed = written_source_tree(source_, tree_dir_)};
    runner_options.*ask = true;
    return runner_options;
  };
  zfcheck::revision_line({cache_, digest(source_.key + "\n" + what), options,
                          [this](int status) { return load_failure(status); }, name_},
                         read);
}

std::vector<RevisionField> UpstreamEngine::fields() const {
  std::vector<RevisionField> fields;
  revision_line("ZenFlowConfig fields", &RunnerOptions::schema, [&](const std::string& line) {
    auto value = py::parse_json(line);
    if (!value) return "the runner's schema is not JSON: " + line.substr(0, 300);
    auto read = revision_fields_from_value(*value);
    if (!read) return read.error();
    fields = std::move(*read);
    return std::string();
  });
  return fields;
}

TraceMemo& UpstreamEngine::traces() const {
  std::lock_guard lock(executed_mutex_);
  if (!traces_) {
    revision_line("units", &RunnerOptions::units_table, [&](const std::string& line) {
      auto table = UnitTable::from_json(line);
      if (!table) return table.error();
      traces_ = std::make_unique<TraceMemo>(std::move(*table));
      return std::string();
    });
  }
  return *traces_;
}

ReuseCounts UpstreamEngine::take_reuse_counts() const {
  std::lock_guard lock(executed_mutex_);
  return std::exchange(reuse_counts_, ReuseCounts{});
}

std::vector<UpstreamRunner> UpstreamEngine::start_runners() const {
  RunnerOptions runner_options{.python = options_.python,
                               .deepspeed = written_source_tree(source_, tree_dir_),
                               .ready_line = true,
                               .coverage = options_.coverage && !reusing(),
                               .units = reusing()};
  return start_pool(runner_options, options_.jobs, [this](int status) { return load_failure(status); });
}

ExecutedLines UpstreamEngine::executed_lines() const {
  if (reusing()) return traces().covered();
  std::lock_guard lock(executed_mutex_);
  return executed_;
}

AnswerGroups UpstreamEngine::answer_groups(const std::vector<Case>& cases, std::string& lines_digest) const {
  const CaseLines in = case_lines(cases);
  const std::vector<std::string>& lines = in.lines;
  AnswerGroups out;
  auto parse = [&](const std::vector<std::string>& answers) {
    out = group_answers(answers, 2, [&](std::size_t i) {
      return "the upstream runner's answer to " + lines[i] +
             " is not a JSON object: " + answers[i].substr(0, 300);
    });
  };
  MeasuredAnswers batch;
  if (reusing()) {
    ReuseCounts counts;
    const std::string key = digest("reused answers\n" + runner_scripts_key() + in.joined);
    batch = answer_reusing(ReuseRequest{cache_, key, name_, options_.verify}, traces(), lines, pool_, parse,
                           counts);
    std::lock_guard lock(executed_mutex_);
    if (counted_batches_.insert(key).second) reuse_counts_.add(counts);  // a batch walked again counts once
  } else {
    batch = answer_measured(cache_, digest(source_.key + in.joined), lines, options_.coverage, pool_, parse);
    if (batch.cached) parse(batch.answers);
  }
  const std::string answers = digest(batch.answers);
  lines_digest = digest(in.joined);
  std::lock_guard lock(executed_mutex_);
  if (options_.coverage) executed_.merge(batch.ran);
  answered_[lines_digest] = answers;
  return out;
}

std::string UpstreamEngine::answered(const std::string& lines) const {
  std::lock_guard lock(executed_mutex_);
  auto it = answered_.find(lines);
  return it == answered_.end() ? std::string() : it->second;
}

bool UpstreamEngine::evaluate_batch_as_before(const Engine& earlier, const std::vector<Case>& cases,
                                              std::vector<Result>& out) const {
  std::string lines;
  fill_results(cases, answer_groups(cases, lines), out);
  const auto* upstream = dynamic_cast<const UpstreamEngine*>(&earlier);
  if (upstream == nullptr) return false;
  const std::string before = upstream->answered(lines);
  return !before.empty() && before == answered(lines);
}

std::vector<py::Value> UpstreamEngine::answer_values(const std::vector<Case>& cases) const {
  std::string lines;
  const AnswerGroups groups = answer_groups(cases, lines);
  std::vector<py::Value> out;
  out.reserve(cases.size());
  for (std::size_t i = 0; i < cases.size(); ++i) out.push_back(groups.value(i));
  return out;
}

void UpstreamEngine::evaluate_batch(const std::vector<Case>& cases, std::vector<Result>& out) const {
  std::string lines;
  fill_results(cases, answer_groups(cases, lines), out);
}

void UpstreamEngine::fill_results(const std::vector<Case>& cases, const AnswerGroups& answers,
                                  std::vector<Result>& out) const {
  out.assign(cases.size(), Result{});
  in_parallel(cases.size() == 0 ? 0 : 2, [&](std::size_t part) {
    for (std::size_t i = cases.size() * part / 2; i < cases.size() * (part + 1) / 2; ++i) {
      if (answers.first[i] != i) continue;
      auto result = result_from_value(answers.values[i]);
      out[i] = result ? std::move(*result) : unrepresentable(cases[i], result.error());
      out[i].profile = name_;
    }
  });
  for (std::size_t i = 0; i < cases.size(); ++i) {
    if (answers.first[i] == i) continue;
    out[i] = out[answers.first[i]];
    out[i].id = answers.ids[i];
  }
}

}  // namespace zfcheck
