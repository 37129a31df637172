// Upstream's own top-k selection (harness/upstream/zf_topk_upstream.py): a pool of runners behind the cache.
#pragma once

#include "harness/checks/engine.hpp"
#include "harness/upstream/executed_lines.hpp"
#include "harness/upstream/interrupt_cleanup.hpp"
#include "harness/upstream/result_cache.hpp"
#include "harness/upstream/runner_pool.hpp"
#include "harness/upstream/selection_key.hpp"
#include "harness/upstream/upstream_runner.hpp"
#include "harness/upstream/upstream_source.hpp"

#include <nlohmann/json.hpp>
#include <tl/expected.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace zfcheck {

// Problems the runners are given at once: one cache entry, and one step of the progress shown.
inline constexpr std::size_t kTopkUpstreamBatch = 1024;

// The runners' Python has no torch (its message names the option that chooses it).
struct TorchMissing : EngineFailure {
  using EngineFailure::EngineFailure;
};

struct TopkUpstreamOptions {
  std::string python = "python3";  // a Python with torch
  unsigned jobs = 0;               // runner processes; 0: the number of cores
  std::string cache_dir;           // empty: no cache
  std::string device = "cpu";      // the torch device upstream's code runs on
  std::string options_prefix;      // of the options that set these, for messages: --python, --topk-python
  bool coverage = false;           // record which lines of upstream's files run (executed_lines())
  bool verify = false;  // run every problem, failing (VerifyFailure) where an answer kept from a revision
                        // with the same selection key differs
};

// How a revision's problems were answered: kept from a revision with the same selection key (or this one),
// or run.
struct TopkReuseCounts {
  std::size_t reused = 0, evaluated = 0;  // reused: under --verify, run again and found the same
  // "reused all 515 problems (...)", "evaluated 515 of 515 problems (...)".
  std::string summary() const;
};

class TopkUpstream {
 public:
  // Reads the top-k runner's files at `rev` (none: the working tree) of the checkout at `path`; the
  // runners start with the first batch the cache cannot answer.
  static tl::expected<std::unique_ptr<TopkUpstream>, std::string> open(const std::string& path,
                                                                       const std::optional<std::string>& rev,
                                                                       const TopkUpstreamOptions& options);

  // The runner's answers to `problems` (topk problem lines), in order, each a JSON object, through the
  // cache: a batch is kept under the revision's selection key (what the answers depend on: the functions run,
  // the files' constants), so a revision where those are the same reuses it. Throws TorchMissing where the
  // runners' Python has no torch (naming it, the option and Debian's python3-torch), EngineFailure when a
  // runner cannot start otherwise (a device it cannot use), stops before answering every line, or answers a
  // line with something that is not a JSON object.
  std::vector<nlohmann::ordered_json> answers(const std::vector<std::string>& problems) const;
  // With options.coverage: the lines of the runner's files that ran on every problem answered so far (a
  // cached batch's included).
  const ExecutedLines& executed_lines() const { return executed_; }
  // The revision's selection key (TopkUpstream::answers): equal at two revisions, every answer is.
  const std::string& selection_key() const { return selection().key(); }
  // How the problems answered so far were answered.
  TopkReuseCounts reuse_counts() const { return counts_; }
  // The files the runner reads at the revision (repository path -> text).
  const std::map<std::string, std::string>& files() const { return source_.files; }
  // "upstream@<short sha>" or "upstream@worktree".
  std::string name() const { return "upstream@" + source_.label; }
  // PATH@<short sha>, or PATH for the working tree: what --upstream takes to run the same code again.
  std::string spec() const { return source_.rev ? source_.path + "@" + source_.label : source_.path; }

 private:
  TopkUpstream(UpstreamSource source, TopkUpstreamOptions options);
  std::vector<UpstreamRunner> start_runners() const;  // pool_'s
  const SelectionKey& selection() const;

  UpstreamSource source_;
  TopkUpstreamOptions options_;
  ResultCache cache_;
  mutable std::optional<on_interrupt::TemporaryPath> tree_dir_;  // the files written out for the runners
  mutable RunnerPool pool_{[this] { return start_runners(); }};  // destroyed first: it reads tree_dir_
  mutable ExecutedLines executed_;
  mutable std::optional<SelectionKey> selection_;
  mutable TopkReuseCounts counts_;
};

}  // namespace zfcheck
