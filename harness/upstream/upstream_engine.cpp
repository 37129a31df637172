// Batches split over the runner pool (one thread per runner), results in input order, the cache in front.
#include "harness/upstream/upstream_engine.hpp"

#include "harness/io/case_io.hpp"
#include "harness/io/result_json.hpp"
#include "harness/upstream/interrupt_cleanup.hpp"
#include "reference/py_json.hpp"

#include <unistd.h>
#include <csignal>
#include <cstdlib>
#include <thread>

namespace zfcheck {

namespace {

// Runs fn(part) for parts 0..n-1 on n threads (the calling thread takes part 0).
template <class Fn>
void in_parallel(std::size_t n, Fn&& fn) {
  std::vector<std::thread> threads;
  for (std::size_t i = 1; i < n; ++i) threads.emplace_back([&fn, i] { fn(i); });
  fn(0);
  for (auto& t : threads) t.join();
}

// Upstream produced a value the eval format cannot hold (a str where an int belongs): unmodelled.
Result unrepresentable(const Case& c, const std::string& reason) {
  Result r;
  r.id = c.id;
  r.outcome = Outcome::unmodelled;
  r.error = Error{"UnrepresentableResult", std::nullopt,
                  "upstream's result does not fit the eval format: " + reason};
  return r;
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

void UpstreamEngine::write_tree() const {
  if (tree_dir_) return;
  auto dir = on_interrupt::TemporaryPath::make_directory("zfcheck-upstream");
  if (!dir) throw EngineFailure(dir.error());
  tree_dir_.emplace(std::move(*dir));
  if (auto written = write_source_tree(source_, tree_dir_->path()); !written)
    throw EngineFailure(written.error());
}

std::string UpstreamEngine::load_failure(int status) const {
  return "the upstream runner could not load " + name_ + " (exit status " + std::to_string(status) +
         (status == 3 ? ": no pydantic 2; point --python at the Python of the DeepSpeed environment"
                      : "; its message is above") +
         ")";
}

std::vector<RevisionField> UpstreamEngine::fields() const {
  const std::string key = digest(source_.key + "\nZenFlowConfig fields");
  auto cached = cache_.load(key, 1);
  std::string line;
  if (cached) {
    line = cached->front();
  } else {
    write_tree();
    RunnerOptions runner_options{options_.python, tree_dir_->path(), std::nullopt, "", false, true};
    auto runner = UpstreamRunner::start(runner_options, "");
    if (!runner) throw EngineFailure(runner.error());
    runner->close_input();
    const bool answered = runner->next(line);
    if (int status = runner->finish(); !answered || status != 0) throw EngineFailure(load_failure(status));
  }
  tl::expected<std::vector<RevisionField>, std::string> fields =
      tl::unexpected("the runner's schema is not JSON: " + line.substr(0, 300));
  if (auto value = py::parse_json(line)) fields = revision_fields_from_value(*value);
  if (!fields) throw EngineFailure(name_ + ": " + fields.error());
  if (!cached) cache_.store(key, {line});
  return std::move(*fields);
}

void UpstreamEngine::start_runners() const {
  if (!runners_.empty()) return;
  std::signal(SIGPIPE, SIG_IGN);  // a runner that dies is reported, not a reason to die
  write_tree();
  RunnerOptions runner_options{options_.python, tree_dir_->path(), std::nullopt, "", true, false, options_.coverage};
  for (unsigned i = 0; i < options_.jobs; ++i) {
    auto runner = UpstreamRunner::start(runner_options, "");
    if (!runner) throw EngineFailure(runner.error());
    runners_.push_back(std::move(*runner));
  }
  for (auto& runner : runners_) {
    std::string line;
    if (!runner.next(line) || line != "{\"ready\": true}") {
      runner.close_input();
      throw EngineFailure(load_failure(runner.finish()));
    }
  }
}

std::pair<std::vector<std::string>, ExecutedLines> UpstreamEngine::run(const std::vector<std::string>& lines) const {
  start_runners();
  const std::size_t parts = std::min<std::size_t>(runners_.size(), std::max<std::size_t>(1, lines.size()));
  std::vector<std::string> out(lines.size());
  std::vector<std::string> stopped_on(parts);  // what a runner that stopped was answering
  std::vector<ExecutedLines> ran(parts);
  auto begin = [&](std::size_t part) { return lines.size() * part / parts; };
  in_parallel(parts, [&](std::size_t part) {
    UpstreamRunner& runner = runners_[part];
    std::thread writer([&] {
      std::string text;
      for (std::size_t i = begin(part); i < begin(part + 1); ++i) text += lines[i] + "\n";
      if (options_.coverage) text += coverage_request_line() + "\n";
      runner.send(text);
    });
    for (std::size_t i = begin(part); i < begin(part + 1) && stopped_on[part].empty(); ++i) {
      if (!runner.next(out[i])) stopped_on[part] = "the case " + lines[i];
    }
    std::string answer;
    if (options_.coverage && stopped_on[part].empty()) {
      auto coverage = runner.next(answer) ? ExecutedLines::from_json(answer)
                                          : tl::unexpected(std::string("no answer"));
      if (coverage) ran[part] = std::move(*coverage);
      else stopped_on[part] = "the request for the lines that ran (" + coverage.error() + ")";
    }
    if (!stopped_on[part].empty()) runner.close_input();
    writer.join();
  });
  for (std::size_t part = 0; part < parts; ++part) {
    if (stopped_on[part].empty()) continue;
    int status = runners_[part].finish();
    runners_.clear();  // stops the others
    throw EngineFailure("the upstream runner stopped (exit status " + std::to_string(status) + ") on " +
                        stopped_on[part] + "; no result of this run is complete");
  }
  for (std::size_t part = 1; part < parts; ++part) ran[0].merge(ran[part]);
  return {std::move(out), std::move(ran[0])};
}

ExecutedLines UpstreamEngine::executed_lines() const {
  std::lock_guard lock(executed_mutex_);
  return executed_;
}

std::vector<py::Value> UpstreamEngine::answer_values(const std::vector<Case>& cases) const {
  std::vector<std::string> lines;
  lines.reserve(cases.size());
  std::string all = source_.key;
  for (const Case& c : cases) {
    std::string line;
    py::write_json(line,
                   case_to_value(c, true));  // every key: the defaults are zfcheck's (the runner has none)
    all += "\n" + line;
    lines.push_back(std::move(line));
  }
  const std::string key = digest(all);
  const std::string coverage_key = digest(key + "\ncoverage");
  auto cached = cache_.load(key, lines.size());
  ExecutedLines ran;
  if (cached && options_.coverage) {
    auto entry = cache_.load(coverage_key, 1);
    auto cached_ran = entry ? ExecutedLines::from_json(entry->front()) : tl::unexpected(std::string("absent"));
    if (cached_ran) ran = std::move(*cached_ran);
    else cached.reset();  // cached without the lines that ran: evaluated again
  }
  std::vector<std::string> answers;
  if (cached) answers = std::move(*cached);
  else std::tie(answers, ran) = run(lines);
  std::vector<py::Value> out(cases.size());
  std::vector<std::string> failures(cases.size() == 0 ? 0 : 2);
  in_parallel(failures.size(), [&](std::size_t part) {
    for (std::size_t i = cases.size() * part / 2; i < cases.size() * (part + 1) / 2; ++i) {
      auto value = py::parse_json(answers[i]);
      if (!value || value->as<py::Dict>() == nullptr) {
        failures[part] = "the upstream runner's answer to " + lines[i] +
                         " is not a JSON object: " + answers[i].substr(0, 300);
        return;
      }
      out[i] = std::move(*value);
    }
  });
  for (const std::string& f : failures) {
    if (!f.empty()) throw EngineFailure(f);
  }
  if (!cached) cache_.store(key, answers);
  if (options_.coverage) {
    if (!cached) cache_.store(coverage_key, {ran.to_json()});
    std::lock_guard lock(executed_mutex_);
    executed_.merge(ran);
  }
  return out;
}

void UpstreamEngine::evaluate_batch(const std::vector<Case>& cases, std::vector<Result>& out) const {
  std::vector<py::Value> answers = answer_values(cases);
  out.assign(cases.size(), Result{});
  in_parallel(cases.size() == 0 ? 0 : 2, [&](std::size_t part) {
    for (std::size_t i = cases.size() * part / 2; i < cases.size() * (part + 1) / 2; ++i) {
      auto result = result_from_value(answers[i]);
      out[i] = result ? std::move(*result) : unrepresentable(cases[i], result.error());
      out[i].profile = name_;
    }
  });
}

}  // namespace zfcheck
