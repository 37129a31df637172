// The scoring agent: what one warp does for one column of the bucket.
#pragma once

#include "kernels/core/column_sum.hpp"
#include "kernels/core/score_format.hpp"
#include "kernels/segments.hpp"
#include "kernels/core/tuning.hpp"

#include <cstdint>

namespace zfcheck::kernels {

template <class T>
struct AgentColumnScores {
  const T* bucket;
  const ColumnRun* runs;
  int run_count;

  // The run holding global column `column`: the last one starting at or before it (runs are dense, so an
  // empty run is never the last such one for a column inside the work).
  __device__ const ColumnRun& run_of(std::int64_t column) const {
    int low = 0;
    int high = run_count - 1;
    while (low < high) {
      int mid = (low + high + 1) / 2;
      if (runs[mid].score_begin <= column) {
        low = mid;
      } else {
        high = mid - 1;
      }
    }
    return runs[low];
  }

  __device__ void score(std::int64_t column, int lane, T* scores) const {
    const ColumnRun& run = run_of(column);
    std::int64_t begin = run.bucket_begin + (column - run.score_begin) * run.rows;
    float sum = lane_partial_sum(bucket, begin, run.rows, lane);
    for (int offset = kWarpLanes / 2; offset > 0; offset /= 2)
      sum += __shfl_xor_sync(0xFFFF'FFFFu, sum, offset);
    if (lane == 0) scores[column] = ScoreFormat<T>::narrow(sum);
  }
};

}  // namespace zfcheck::kernels
