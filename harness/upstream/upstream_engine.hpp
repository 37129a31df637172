// Upstream's own ZenFlow code as an engine: a pool of runner processes behind the result cache.
#pragma once

#include "harness/checks/engine.hpp"
#include "harness/upstream/answer_groups.hpp"
#include "harness/upstream/executed_lines.hpp"
#include "harness/upstream/result_cache.hpp"
#include "harness/upstream/reused_answers.hpp"
#include "harness/upstream/revision_fields.hpp"
#include "harness/upstream/runner_pool.hpp"
#include "harness/upstream/upstream_runner.hpp"
#include "harness/upstream/upstream_source.hpp"

#include <tl/expected.hpp>

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace zfcheck {

struct UpstreamEngineOptions {
  std::string python = "python3";
  unsigned jobs = 0;      // runner processes; 0: the number of cores
  std::string cache_dir;  // empty: no cache
  bool coverage = false;  // record which lines of upstream's files run (executed_lines())
  bool verify = false;    // evaluate every case, failing where an answer reused from another revision differs
};

class UpstreamEngine final : public Engine {
 public:
  // Reads the runner's files at `rev` (none: the working tree) of the checkout at `path`; the runners
  // start with the first batch the cache cannot answer.
  static tl::expected<std::unique_ptr<UpstreamEngine>, std::string> open(
      const std::string& path, const std::optional<std::string>& rev, const UpstreamEngineOptions& options);
  ~UpstreamEngine() override;

  const std::string& name() const override { return name_; }
  std::string summary() const override;
  std::string evaluator() const override { return "upstream DeepSpeed's own code (zfcheck's runner)"; }
  std::string replay_option() const override;
  // Throws EngineFailure when a runner cannot start or stops before answering every case (naming it).
  void evaluate_batch(const std::vector<Case>& cases, std::vector<Result>& out) const override;
  // By the digests of the answers each last gave to these case lines (an earlier upstream engine only).
  bool evaluate_batch_as_before(const Engine& earlier, const std::vector<Case>& cases,
                                std::vector<Result>& out) const override;
  // Upstream's answers to `cases` as the runner printed them (JSON objects, in order, every field
  // upstream produced), through the cache: what evaluate_batch reads results from, and what conformance
  // compares field by field. Throws EngineFailure as evaluate_batch does.
  std::vector<py::Value> answer_values(const std::vector<Case>& cases) const;
  const UpstreamSource& source() const { return source_; }
  // The revision's own ZenFlowConfig fields, as the runner reads its pydantic schema, through the cache.
  // Throws EngineFailure when the runner cannot load the revision or its answer is not a schema.
  std::vector<RevisionField> fields() const;
  // With options.coverage: the lines of upstream's files that ran on every case evaluated so far (a cached
  // batch's from the cache; a batch cached without them is evaluated again).
  ExecutedLines executed_lines() const;
  // With a cache: how the cases of the batches first evaluated since the last call were answered (reused, or
  // evaluated and why); a batch evaluated again is not counted again.
  ReuseCounts take_reuse_counts() const;

 private:
  UpstreamEngine(UpstreamSource source, UpstreamEngineOptions options);
  bool reusing() const { return !options_.cache_dir.empty(); }  // answers kept across revisions: with a cache
  std::vector<UpstreamRunner> start_runners() const;            // pool_'s
  std::string load_failure(int status) const;
  // One line the runner prints instead of results (--schema, --units-table), through the cache under `what`:
  // `read` takes it (returning the error that makes it not what was asked, else ""); one it refuses is not
  // kept, and throws EngineFailure with that error.
  void revision_line(const std::string& what, bool RunnerOptions::*ask,
                     const std::function<std::string(const std::string&)>& read) const;
  TraceMemo& traces() const;
  // answer_values' answers, grouped by their text besides the id (each group's first parsed); `lines` gets
  // the digest of the case lines, under which answered() keeps the digest of these answers.
  AnswerGroups answer_groups(const std::vector<Case>& cases, std::string& lines) const;
  // The results of `cases` from their answers, into `out`.
  void fill_results(const std::vector<Case>& cases, const AnswerGroups& answers,
                    std::vector<Result>& out) const;
  // The digest of the answers last given to case lines with digest `lines`; empty where none were.
  std::string answered(const std::string& lines) const;

  UpstreamSource source_;
  UpstreamEngineOptions options_;
  std::string name_;
  ResultCache cache_;
  mutable std::mutex executed_mutex_;
  mutable ExecutedLines executed_;
  mutable ReuseCounts reuse_counts_;
  mutable std::set<std::string> counted_batches_;
  mutable std::map<std::string, std::string> answered_;  // digest of a batch's case lines -> of its answers
  mutable std::unique_ptr<TraceMemo> traces_;  // with a cache: the revision's units and the traces read
  mutable std::optional<on_interrupt::TemporaryPath> tree_dir_;  // the files written out for the runners
  mutable RunnerPool pool_{[this] { return start_runners(); }};  // destroyed first: it reads tree_dir_
};

}  // namespace zfcheck
