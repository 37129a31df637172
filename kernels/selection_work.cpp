// Lays a plan's chunks and stage-3 slices out as dense column runs and ranking segments, and back.
#include "kernels/selection_work.hpp"

namespace zfcheck::kernels {

namespace {

void add_run(SelectionWork& work, std::int64_t bucket_begin, std::int64_t rows, std::int64_t columns) {
  work.runs.push_back(ColumnRun{bucket_begin, rows, columns, work.score_count});
  work.score_count += columns;
}

void add_ranking(SelectionWork& work, std::int64_t score_begin, std::int64_t k) {
  work.rankings.push_back(RankingSegment{score_begin, work.score_count - score_begin, k, work.index_count});
  work.index_count += k;
}

bool ranked(const ParamPlan& param) { return param.has_value() && !param->skipped; }

}  // namespace

SelectionWork selection_work(const ColumnPlan& plan) {
  SelectionWork work;
  work.order = plan.stage == 3 ? SelectionOrder::descending_score : SelectionOrder::ascending_index;
  for (const ParamPlan& param : plan.params) {
    if (!ranked(param)) continue;
    std::int64_t rows = param->shape.rows;
    if (plan.stage == 3) {
      std::int64_t score_begin = work.score_count;
      for (const Stage3Rank& slice : param->stage3.ranks) {
        add_run(work, param->place.read_begin + slice.start_column * rows, rows, slice.columns());
      }
      add_ranking(work, score_begin, param->stage3.num_select);
      continue;
    }
    for (const Stage12Chunk& chunk : param->chunks) {
      std::int64_t score_begin = work.score_count;
      add_run(work, param->place.read_begin + chunk.start_column * rows, rows, chunk.columns());
      add_ranking(work, score_begin, chunk.num_select);
    }
  }
  return work;
}

SelectionAnswer answer_from_indices(const ColumnPlan& plan, const SelectionWork& work,
                                    std::span<const std::int32_t> indices) {
  SelectionAnswer answer{plan.stage, {}, plan.run};
  std::size_t next_ranking = 0;
  auto ranked_indices = [&](std::int64_t offset) {
    const RankingSegment& segment = work.rankings[next_ranking++];
    std::vector<std::int64_t> out;
    for (std::int64_t i = 0; i < segment.k; ++i)
      out.push_back(indices[static_cast<std::size_t>(segment.output_begin + i)] + offset);
    return out;
  };
  for (const ParamPlan& param : plan.params) {
    if (!param) {
      answer.params.emplace_back(tl::unexpected(param.error()));
    } else if (param->skipped) {
      answer.params.emplace_back(skipped_selection());
    } else if (plan.stage == 3) {
      answer.params.emplace_back(stage3_selection(*param, ranked_indices(0)));
    } else {
      std::vector<std::vector<std::int64_t>> chunk_indices;
      for (const Stage12Chunk& chunk : param->chunks)
        chunk_indices.push_back(ranked_indices(chunk.start_column));
      answer.params.emplace_back(stage12_selection(*param, std::move(chunk_indices)));
    }
  }
  return answer;
}

}  // namespace zfcheck::kernels
