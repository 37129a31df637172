// The kernel-vs-oracle judgement: refusals, exact top-k of its own scores, invariants, identity on equal
// scores.
#include "kernels/check/kernel_judgement.hpp"

#include "kernels/check/topk_invariants.hpp"
#include "kernels/check/topk_io.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace zfcheck {

namespace {

bool same_bits(float a, float b) {
  return (std::isnan(a) && std::isnan(b)) ||
         std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

// The oracle's scores of every run's columns, in the work's score order.
std::vector<float> oracle_scores(const SelectionProblem& problem, const kernels::SelectionWork& work) {
  std::vector<float> scores;
  for (const kernels::ColumnRun& run : work.runs) {
    auto values = std::span<const float>(problem.bucket)
                      .subspan(static_cast<std::size_t>(run.bucket_begin),
                               static_cast<std::size_t>(run.rows * run.columns));
    auto part = column_scores(values, run.rows, run.columns, problem.dtype);
    scores.insert(scores.end(), part.begin(), part.end());
  }
  return scores;
}

// Rule 2 for every ranking segment: empty, or what is wrong.
std::string exact_topk_failure(const kernels::KernelOutput& out) {
  for (const kernels::RankingSegment& segment : out.work.rankings) {
    auto scores =
        std::span<const float>(out.scores)
            .subspan(static_cast<std::size_t>(segment.score_begin), static_cast<std::size_t>(segment.count));
    std::vector<bool> taken(static_cast<std::size_t>(segment.count), false);
    float lowest_taken = NAN;
    for (std::int64_t i = 0; i < segment.k; ++i) {
      std::int32_t index = out.indices[static_cast<std::size_t>(segment.output_begin + i)];
      if (index < 0 || index >= segment.count || taken[static_cast<std::size_t>(index)]) {
        return "segment at score " + std::to_string(segment.score_begin) + ": index out of range or repeated";
      }
      taken[static_cast<std::size_t>(index)] = true;
      if (i == 0 || ranks_above(lowest_taken, scores[static_cast<std::size_t>(index)]))
        lowest_taken = scores[static_cast<std::size_t>(index)];
    }
    for (std::int64_t i = 0; i < segment.count && segment.k > 0; ++i) {
      if (!taken[static_cast<std::size_t>(i)] &&
          ranks_above(scores[static_cast<std::size_t>(i)], lowest_taken)) {
        return "segment at score " + std::to_string(segment.score_begin) + ": left out a higher score";
      }
    }
  }
  return "";
}

}  // namespace

KernelJudgement judge_kernel_run(const SelectionProblem& problem,
                                 const tl::expected<SelectionAnswer, Error>& oracle,
                                 const tl::expected<kernels::KernelOutput, Error>& kernel) {
  KernelJudgement out;
  if (!oracle || !kernel) {
    if (oracle && !kernel)
      out.failures.push_back("the kernel refused a problem the oracle answers: " + kernel.error().message);
    if (!oracle && kernel)
      out.failures.push_back("the kernel answered a problem the oracle refuses: " + oracle.error().message);
    return out;
  }
  if (auto failure = exact_topk_failure(*kernel); !failure.empty()) out.failures.push_back(failure);
  auto upstream = topk_violations(TopkSubject{problem, *oracle});
  for (const std::string& name : topk_violations(TopkSubject{problem, kernel->answer, &*oracle})) {
    if (std::find(upstream.begin(), upstream.end(), name) == upstream.end()) {
      out.broken.push_back(name);
      out.failures.push_back("breaks " + name + ", which the oracle keeps");
    }
  }
  auto expected = oracle_scores(problem, kernel->work);
  out.scores_identical = expected.size() == kernel->scores.size();
  for (std::size_t i = 0; out.scores_identical && i < expected.size(); ++i) {
    out.scores_identical = same_bits(expected[i], kernel->scores[i]);
  }
  if (out.scores_identical &&
      topk_answer_to_json(std::nullopt, kernel->answer) != topk_answer_to_json(std::nullopt, *oracle)) {
    out.failures.push_back("same scores as the oracle but a different answer");
  }
  return out;
}

std::vector<std::string> oracle_and_kernel_violations(const SelectionProblem& problem,
                                                      const SelectionAnswer& oracle,
                                                      const KernelJudgement& judgement) {
  auto upstream = topk_violations(TopkSubject{problem, oracle});
  auto named = [](const std::vector<std::string>& list, std::string_view name) {
    return std::find(list.begin(), list.end(), name) != list.end();
  };
  bool other_rule = judgement.failures.size() > judgement.broken.size();
  std::vector<std::string> names;
  for (const TopkInvariant& invariant : topk_invariants()) {
    bool differential = invariant.name == "topk-kernel-matches-oracle" && other_rule;
    if (named(upstream, invariant.name) || named(judgement.broken, invariant.name) || differential)
      names.emplace_back(invariant.name);
  }
  return names;
}

std::vector<std::string> impl_both_violations(const SelectionProblem& problem,
                                              const SelectionAnswer& oracle) {
  return oracle_and_kernel_violations(problem, oracle,
                                      judge_kernel_run(problem, oracle, kernels::run_kernel_cpu(problem)));
}

}  // namespace zfcheck
