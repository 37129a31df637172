// From a column plan to the kernels' work (runs to score, segments to rank), and their output to answers.
#pragma once

#include "kernels/segments.hpp"
#include "kernels/oracle/columns.hpp"
#include "kernels/oracle/topk_answer.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace zfcheck::kernels {

// One launch's worth of work for a whole bucket: every chunk (stages 1/2) or every parameter's gathered
// columns (stage 3) of the parameters the plan answers without an error, each run read from where
// upstream reads it (ParamPlace::read_begin). A skipped parameter (1-D) has no run or segment; under
// upstream's rule it still moves the runs of the parameters after it.
struct SelectionWork {
  std::vector<ColumnRun> runs;
  std::vector<RankingSegment> rankings;  // one per chunk (stages 1/2) or per ranked parameter (stage 3)
  std::int64_t score_count = 0;
  std::int64_t index_count = 0;
  SelectionOrder order = SelectionOrder::ascending_index;
};

SelectionWork selection_work(const ColumnPlan& plan);

// Reads the kernels' indices back into upstream's answer shape (errors and skipped parameters as planned).
SelectionAnswer answer_from_indices(const ColumnPlan& plan, const SelectionWork& work,
                                    std::span<const std::int32_t> indices);

}  // namespace zfcheck::kernels
