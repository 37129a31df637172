// The oracle: per chunk (stages 1/2) or per parameter (stage 3), score the full columns and take torch.topk.
#include "kernels/oracle/topk_oracle.hpp"

#include "kernels/oracle/columns.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace zfcheck {

namespace {

std::span<const float> column_values(const SelectionProblem& problem, std::int64_t first_element,
                                     std::int64_t rows, std::int64_t columns) {
  return std::span<const float>(problem.bucket)
      .subspan(static_cast<std::size_t>(first_element), static_cast<std::size_t>(rows * columns));
}

ParamSelection stage12_oracle(const SelectionProblem& problem, const ParamColumns& param) {
  if (param.skipped) return skipped_selection();
  std::vector<std::vector<std::int64_t>> chunk_indices;
  for (const Stage12Chunk& chunk : param.chunks) {
    std::int64_t rows = param.shape.rows;
    auto values =
        column_values(problem, param.place.read_begin + chunk.start_column * rows, rows, chunk.columns());
    auto scores = column_scores(values, rows, chunk.columns(), problem.dtype);
    // plan_columns has checked 0 <= num_select <= columns for a parameter without an error.
    std::vector<std::int64_t> indices = torch_topk(scores, chunk.num_select).value();
    for (std::int64_t& index : indices) index += chunk.start_column;
    std::sort(indices.begin(), indices.end());
    chunk_indices.push_back(std::move(indices));
  }
  return stage12_selection(param, std::move(chunk_indices));
}

ParamSelection stage3_oracle(const SelectionProblem& problem, const ParamColumns& param) {
  if (param.skipped) return skipped_selection();
  std::int64_t rows = param.shape.rows;
  std::vector<float> gathered;
  for (const Stage3Rank& slice : param.stage3.ranks) {
    auto values =
        column_values(problem, param.place.read_begin + slice.start_column * rows, rows, slice.columns());
    auto scores = column_scores(values, rows, slice.columns(), problem.dtype);
    gathered.insert(gathered.end(), scores.begin(), scores.end());
  }
  std::vector<std::int64_t> order = torch_topk(gathered, param.stage3.num_select).value();
  return stage3_selection(param, order);
}

}  // namespace

std::vector<float> column_scores(std::span<const float> values, std::int64_t rows, std::int64_t columns,
                                 GradDtype dtype) {
  std::vector<float> scores;
  scores.reserve(static_cast<std::size_t>(columns));
  for (std::int64_t column = 0; column < columns; ++column) {
    float sum = 0.0f;
    for (float value :
         values.subspan(static_cast<std::size_t>(column * rows), static_cast<std::size_t>(rows))) {
      sum += std::fabs(value);
    }
    scores.push_back(round_to_dtype(sum, dtype));
  }
  return scores;
}

bool ranks_above(float a, float b) {
  if (std::isnan(b)) return false;
  return std::isnan(a) || a > b;
}

tl::expected<std::vector<std::int64_t>, Error> torch_topk(std::span<const float> scores, std::int64_t k) {
  if (k < 0 || k > static_cast<std::int64_t>(scores.size())) {
    return tl::unexpected(Error{"RuntimeError", std::nullopt, "selected index k out of range"});
  }
  std::vector<std::int64_t> order(scores.size());
  std::iota(order.begin(), order.end(), std::int64_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
    return ranks_above(scores[static_cast<std::size_t>(a)], scores[static_cast<std::size_t>(b)]);
  });
  order.resize(static_cast<std::size_t>(k));
  return order;
}

tl::expected<SelectionAnswer, Error> oracle_answer(const SelectionProblem& problem) {
  auto plan = plan_selection(problem);
  if (!plan) return tl::unexpected(plan.error());
  SelectionAnswer answer{plan->stage, {}, plan->run};
  for (const ParamPlan& param : plan->params) {
    if (!param) {
      answer.params.emplace_back(tl::unexpected(param.error()));
    } else if (plan->stage == 3) {
      answer.params.emplace_back(stage3_oracle(problem, *param));
    } else {
      answer.params.emplace_back(stage12_oracle(problem, *param));
    }
  }
  return answer;
}

}  // namespace zfcheck
