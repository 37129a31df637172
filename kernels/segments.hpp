// The work descriptions the column-selection kernels take: runs of columns to score, segments to rank.
#pragma once

#include <cstdint>

namespace zfcheck::kernels {

// `columns` contiguous columns of `rows` values from element `bucket_begin` of the bucket; their scores
// go to scores[score_begin ...]. Runs are dense in score space: run i + 1 starts where run i ends.
struct ColumnRun {
  std::int64_t bucket_begin = 0;
  std::int64_t rows = 0;
  std::int64_t columns = 0;
  std::int64_t score_begin = 0;
};

// torch.topk(scores[score_begin : score_begin + count], k): the k indices (relative to score_begin) go
// to indices[output_begin ...]. Requires 0 <= k <= count.
struct RankingSegment {
  std::int64_t score_begin = 0;
  std::int64_t count = 0;
  std::int64_t k = 0;
  std::int64_t output_begin = 0;
};

// Stages 1/2 keep ascending indices (upstream sorts each chunk's topk); stage 3 keeps topk's own order,
// descending score (ties: lower index first).
enum class SelectionOrder { ascending_index, descending_score };

}  // namespace zfcheck::kernels

namespace zfcheck::kernels {

// The preconditions above, checked on the host before any run: every run and segment inside the buffers
// (bucket_size values, score_count scores, index_count indices), runs dense, 0 <= k <= count.
inline bool work_fits(const ColumnRun* runs, std::int64_t run_count, const RankingSegment* rankings,
                      std::int64_t ranking_count, std::int64_t bucket_size, std::int64_t score_count,
                      std::int64_t index_count) {
  std::int64_t next_score = 0;
  for (std::int64_t i = 0; i < run_count; ++i) {
    const ColumnRun& r = runs[i];
    if (r.rows < 1 || r.columns < 0 || r.bucket_begin < 0 || r.score_begin != next_score) return false;
    if (r.columns > 0 &&
        (r.bucket_begin > bucket_size || (bucket_size - r.bucket_begin) / r.rows < r.columns)) {
      return false;
    }
    next_score += r.columns;
  }
  if (next_score > score_count) return false;
  for (std::int64_t i = 0; i < ranking_count; ++i) {
    const RankingSegment& s = rankings[i];
    if (s.count < 0 || s.k < 0 || s.k > s.count || s.count > INT32_MAX) return false;
    if (s.score_begin < 0 || s.score_begin > score_count - s.count) return false;
    if (s.output_begin < 0 || s.output_begin > index_count - s.k) return false;
  }
  return true;
}

}  // namespace zfcheck::kernels
