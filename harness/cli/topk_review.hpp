// The top-k part of `review` and `history`: a documented problem set through upstream's own selection code
// at two revisions, their answers compared.
#pragma once

#include "harness/cli/engine_choice.hpp"
#include "harness/reports/engine_review.hpp"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
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

// The revisions' answers to the problem set compared (`runner`: the jobs and the cache): none where
// choice.problems is 0; not evaluated, saying why, where choice.python has no torch. Throws EngineFailure
// on any other runner failure.
std::optional<TopkReview> review_topk(const std::string& base_spec, const std::string& head_spec,
                                      const TopkReviewChoice& choice, const EngineChoice& runner);

}  // namespace zfcheck::cli
