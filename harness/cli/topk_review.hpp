// The top-k part of `review` and `history`: a documented problem set through upstream's own selection code
// at two revisions, their answers compared.
#pragma once

#include "harness/cli/engine_choice.hpp"
#include "harness/reports/engine_review.hpp"
#include "harness/upstream/executed_lines.hpp"
#include "harness/upstream/topk_upstream.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace zfcheck::cli {

struct TopkReviewChoice {
  std::size_t problems = 500;  // generated problems; 0: no top-k part
  std::uint64_t seed = 1;
  std::string python = "python3";  // a Python with torch
  std::string device = "cpu";
};

// Adds --topk-problems, --topk-seed, --topk-python and --topk-device.
void add_topk_review_options(CLI::App* cmd, TopkReviewChoice& choice);

struct TopkProblemSet {
  std::vector<std::string> lines;
  std::string
      description;  // "500 generated problems (seed 1) and 15 reviewed seeds (corpus/fuzz/topk_fuzzer)"
};

// `choice.problems` generated problems (zfcheck conformance --topk --generated N --seed S draws the same:
// real layers with biases and norms, 1-D buckets, bucket orders, degenerate ratios, 1-64 ranks, DeepSpeed's
// partition), then the reviewed top-k seeds of corpus/fuzz/topk_fuzzer, in file name order.
TopkProblemSet topk_review_problems(const TopkReviewChoice& choice);

// One revision's answers to the problem set, and what its selection code ran on them.
struct TopkRevisionRun {
  std::string name;                                             // upstream@<sha>
  std::vector<nlohmann::ordered_json> answers;                  // one per problem
  std::vector<std::optional<std::vector<std::string>>> broken;  // per problem the top-k invariants its answer
                                                                // breaks; none where it could not be judged
  ExecutedLines ran;                                            // what its selection code ran
  std::map<std::string, std::string> files;                     // the top-k runner's files (path -> text)
  TopkReuseCounts answered;                                     // how its answers were had
  std::string selection_key;                                    // the revision's (TopkUpstream)

  // The invariants some answer breaks, by name.
  std::set<std::string> broken_anywhere() const;
};

// The revision at `spec` on `set`, with the lines that ran (`runner`: the jobs, the cache, --verify). Throws
// TorchMissing where choice.python has no torch, VerifyFailure where --verify finds a kept answer that
// differs, EngineFailure on any other runner failure.
TopkRevisionRun run_topk_revision(const std::string& spec, const TopkProblemSet& set,
                                  const TopkReviewChoice& choice, const EngineChoice& runner);

// The selection key of the revision at `spec` (what its answers depend on), as run_topk_revision would run
// it. Throws EngineFailure where it cannot be read.
std::string topk_selection_key(const std::string& spec, const TopkReviewChoice& choice,
                               const EngineChoice& runner);

// The changes from `base` to `head`, both runs of `set`.
TopkChanges compare_topk(const TopkProblemSet& set, const TopkRevisionRun& base, const TopkRevisionRun& head);

// The top-k part of a review, and what the head's selection code ran (its patch coverage).
struct TopkReviewRun {
  std::optional<TopkReview> review;               // none: no top-k part
  ExecutedLines head_ran;                         // empty where not evaluated
  std::map<std::string, std::string> head_files;  // the top-k runner's files at head (path -> text)
  std::vector<std::string>
      answered;  // how each side's answers were had: "base upstream@<sha>: reused all ..."
};

// The revisions' answers to the problem set compared: no review where choice.problems is 0; not evaluated,
// saying why, where choice.python has no torch. Throws EngineFailure on any other runner failure.
TopkReviewRun review_topk(const std::string& base_spec, const std::string& head_spec,
                          const TopkReviewChoice& choice, const EngineChoice& runner);

}  // namespace zfcheck::cli
