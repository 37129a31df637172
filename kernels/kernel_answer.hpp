// Answers a selection problem with the kernel algorithm: plan, lay out, run a backend, read back.
#pragma once

#include "kernels/core/score_format.hpp"
#include "kernels/selection_work.hpp"
#include "kernels/oracle/columns.hpp"
#include "reference/error.hpp"
#include "kernels/oracle/topk_problem.hpp"

#include <tl/expected.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace zfcheck::kernels {

// The answer and, for the differential tests, the kernels' raw output: every score (widened to float, in
// the work's score order) and the flat index buffer (relative to each ranking segment).
struct KernelOutput {
  SelectionAnswer answer;
  SelectionWork work;
  std::vector<float> scores;
  std::vector<std::int32_t> indices;
};

// What a backend does for one storage type T: score `work.runs` of `bucket` into `scores` and rank
// `work.rankings` into `indices` (both already sized). Returns an empty string or why it failed.
//   std::string backend(std::span<const T> bucket, const SelectionWork& work, std::span<T> scores,
//                       std::span<std::int32_t> indices);
template <class Backend>
tl::expected<KernelOutput, Error> run_kernel(const SelectionProblem& problem, Backend&& backend);

// The CPU build of the kernel algorithm.
tl::expected<KernelOutput, Error> run_kernel_cpu(const SelectionProblem& problem);

// ---- implementation ----

template <class T, class Backend>
tl::expected<KernelOutput, Error> run_kernel_as(const SelectionProblem& problem, const ColumnPlan& plan,
                                                Backend& backend) {
  KernelOutput out;
  out.work = selection_work(plan);
  std::vector<T> bucket;
  bucket.reserve(problem.bucket.size());
  for (float value : problem.bucket)
    bucket.push_back(ScoreFormat<T>::narrow(value));  // exact: already in dtype
  std::vector<T> scores(static_cast<std::size_t>(out.work.score_count));
  std::vector<std::int32_t> indices(static_cast<std::size_t>(out.work.index_count));
  std::string failure =
      backend(std::span<const T>(bucket), out.work, std::span<T>(scores), std::span<std::int32_t>(indices));
  if (!failure.empty()) return tl::unexpected(Error{"KernelError", std::nullopt, failure});
  for (T score : scores) out.scores.push_back(ScoreFormat<T>::widen(score));
  out.answer = answer_from_indices(plan, out.work, indices);
  out.indices = std::move(indices);
  return out;
}

template <class Backend>
tl::expected<KernelOutput, Error> run_kernel(const SelectionProblem& problem, Backend&& backend) {
  auto plan = plan_selection(problem);
  if (!plan) return tl::unexpected(plan.error());
  switch (problem.dtype) {
    case GradDtype::bfloat16:
      return run_kernel_as<bfloat16_bits>(problem, *plan, backend);
    case GradDtype::float16:
      return run_kernel_as<float16_bits>(problem, *plan, backend);
    case GradDtype::float32:
      break;
  }
  return run_kernel_as<float>(problem, *plan, backend);
}

}  // namespace zfcheck::kernels
