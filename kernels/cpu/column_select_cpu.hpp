// The CPU build of the column-selection kernels: the device algorithm with each warp and block run in turn.
#pragma once

#include "kernels/segments.hpp"

#include <cstdint>
#include <span>

namespace zfcheck::kernels::cpu {

// Scores every column of every run (the scoring kernel's warps, one after another): the same per-lane
// partial sums and butterfly, so the same float32 sums, rounded to T. False if the work does not fit.
template <class T>
bool column_scores(std::span<const T> bucket, std::span<const ColumnRun> runs, std::span<T> scores);

// Ranks every segment (the ranking kernel's blocks, one after another): radix select over the order keys,
// then the taken indices in `order`. False if the work does not fit.
template <class T>
bool segmented_topk(std::span<const T> scores, std::span<const RankingSegment> segments, SelectionOrder order,
                    std::span<std::int32_t> indices);

}  // namespace zfcheck::kernels::cpu
