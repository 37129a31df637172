// A batch of lines answered by a pool of runners through the cache, and with coverage the lines of upstream's
// files that ran on it: what the config runners and the top-k runners share.
#pragma once

#include "harness/checks/engine.hpp"
#include "harness/upstream/executed_lines.hpp"
#include "harness/upstream/result_cache.hpp"
#include "harness/upstream/runner_pool.hpp"

#include <functional>
#include <string>
#include <vector>

namespace zfcheck {

struct MeasuredAnswers {
  std::vector<std::string> answers;  // one per line, in order
  ExecutedLines ran;                 // empty unless measured
  bool cached = false;               // answered from the cache
  bool verified = false;             // run again under --verify, every answer the same as the one kept
};

// --verify found an answer kept from an earlier run, that would have been reused, that differs from the one
// the runner gives now: a failure of the reuse itself, which a command never passes over as one revision's.
struct VerifyFailure : EngineFailure {
  using EngineFailure::EngineFailure;
};

// --verify's failure where `engine` answers `line` with `now` and the kept answer is `kept`.
VerifyFailure answer_differs(const std::string& engine, const std::string& line, const std::string& now,
                             const std::string& kept);

// What a cache key that holds across revisions needs (the top-k runner's selection key): the lines that ran
// kept in a form that holds at every revision with that key, and --verify.
struct AcrossRevisions {
  std::function<ExecutedLines(const ExecutedLines&)> keep;   // to the kept form (throws EngineFailure)
  std::function<ExecutedLines(const ExecutedLines&)> place;  // back to this revision's line numbers
  bool verify = false;  // run a cached batch too, throwing VerifyFailure where an answer differs from it
  std::string engine;   // the revision's name, for --verify's message
};

// An answer the runner gave from one of its stand-ins (numpy where its Python has none, a name the stand-ins
// lack): it says what this environment could run, not what the revision does, so it is never cached.
bool leans_on_a_stand_in(const std::string& answer);

// The answers to `lines` (all under `key`) and, with `measure`, the lines that ran on them: from `cache`
// where it holds both, else from `pool` (each runner asked for the lines that ran after its share). `check`
// sees a fresh batch's answers before anything is stored, and throws EngineFailure to refuse them; a batch
// with an answer the runner gave from a stand-in (RunnerStandIn) is not stored. Throws EngineFailure where a
// runner stops early or answers the request for the lines that ran with something else. With `across`, the
// lines that ran are kept in its form.
MeasuredAnswers answer_measured(const ResultCache& cache, const std::string& key,
                                const std::vector<std::string>& lines, bool measure, RunnerPool& pool,
                                const std::function<void(const std::vector<std::string>&)>& check,
                                const AcrossRevisions* across = nullptr);

}  // namespace zfcheck
