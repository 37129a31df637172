// The CPU build: drives the selection core (kernels/core) sequentially, lane by lane and key by key.
#include "kernels/cpu/column_select_cpu.hpp"

#include "kernels/core/column_sum.hpp"
#include "kernels/core/radix_select.hpp"
#include "kernels/core/score_format.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace zfcheck::kernels::cpu {

namespace {

// The ranking cluster's blocks in turn: block r counts its tile (key i into the copy of the thread that
// reads it), every block's histograms are summed, the digit step is taken; the compaction of tile r starts
// after the greater and equal keys of tiles 0 .. r - 1.
template <class T>
void rank_segment(const T* scores, const RankingSegment& segment, SelectionOrder order, std::int32_t* out) {
  using Key = typename ScoreFormat<T>::Key;
  if (segment.k == 0) return;
  RadixState<Key> state{Key(0), Key(0), segment.k};
  std::array<std::uint32_t, kHistogramCopies * kRadixBins> copies{};
  std::array<std::uint32_t, kRadixBins> total{};
  for (int pass = 0; pass < kRadixPasses<Key>; ++pass) {
    total.fill(0);
    for (int rank = 0; rank < kClusterBlocks; ++rank) {
      copies.fill(0);
      std::int64_t begin = tile_begin(segment.count, rank);
      for (std::int64_t i = begin; i < tile_begin(segment.count, rank + 1); ++i) {
        Key key = ScoreFormat<T>::key(scores[i]);
        if (is_candidate(key, state)) ++copies[histogram_copy(i - begin) * kRadixBins + radix_digit(key, pass)];
      }
      for (int digit = 0; digit < kRadixBins; ++digit) total[digit] += merged_count(copies.data(), digit);
    }
    choose_digit(total.data(), pass, state);
  }
  SelectionCut<Key> cut = cut_of(state);
  std::vector<Key> taken_keys(static_cast<std::size_t>(segment.k));
  std::int64_t greater = 0;  // over tiles 0 .. r - 1, then within tile r
  std::int64_t equal = 0;
  for (std::int64_t i = 0; i < segment.count; ++i) {
    Key key = ScoreFormat<T>::key(scores[i]);
    if (is_taken(key, cut, equal)) {
      std::int64_t slot = taken_before(cut, greater, equal);
      out[slot] = static_cast<std::int32_t>(i);
      taken_keys[static_cast<std::size_t>(slot)] = key;
    }
    greater += key > cut.threshold ? 1 : 0;
    equal += key == cut.threshold ? 1 : 0;
  }
  if (order == SelectionOrder::descending_score) {
    // The device's stable segmented sort, descending by key: equal keys stay in ascending index order.
    std::vector<std::int64_t> slots(static_cast<std::size_t>(segment.k));
    for (std::size_t s = 0; s < slots.size(); ++s) slots[s] = static_cast<std::int64_t>(s);
    std::stable_sort(slots.begin(), slots.end(), [&](std::int64_t a, std::int64_t b) {
      return taken_keys[static_cast<std::size_t>(a)] > taken_keys[static_cast<std::size_t>(b)];
    });
    std::vector<std::int32_t> sorted(slots.size());
    for (std::size_t s = 0; s < slots.size(); ++s) sorted[s] = out[slots[s]];
    std::copy(sorted.begin(), sorted.end(), out);
  }
}

}  // namespace

template <class T>
bool column_scores(std::span<const T> bucket, std::span<const ColumnRun> runs, std::span<T> scores) {
  if (!work_fits(runs.data(), static_cast<std::int64_t>(runs.size()), nullptr, 0,
                 static_cast<std::int64_t>(bucket.size()), static_cast<std::int64_t>(scores.size()), 0)) {
    return false;
  }
  float partials[kWarpLanes];
  for (const ColumnRun& run : runs) {
    for (std::int64_t column = 0; column < run.columns; ++column) {
      std::int64_t begin = run.bucket_begin + column * run.rows;
      for (int lane = 0; lane < kWarpLanes; ++lane)
        partials[lane] = lane_partial_sum(bucket.data(), begin, run.rows, lane);
      scores[static_cast<std::size_t>(run.score_begin + column)] =
          ScoreFormat<T>::narrow(butterfly_sum(partials));
    }
  }
  return true;
}

template <class T>
bool segmented_topk(std::span<const T> scores, std::span<const RankingSegment> segments, SelectionOrder order,
                    std::span<std::int32_t> indices) {
  if (!work_fits(nullptr, 0, segments.data(), static_cast<std::int64_t>(segments.size()), 0,
                 static_cast<std::int64_t>(scores.size()), static_cast<std::int64_t>(indices.size()))) {
    return false;
  }
  for (const RankingSegment& segment : segments) {
    rank_segment(scores.data() + segment.score_begin, segment, order, indices.data() + segment.output_begin);
  }
  return true;
}

#define ZFCHECK_CPU_BUILD_FOR(T)                                                                       \
  template bool column_scores<T>(std::span<const T>, std::span<const ColumnRun>, std::span<T>);        \
  template bool segmented_topk<T>(std::span<const T>, std::span<const RankingSegment>, SelectionOrder, \
                                  std::span<std::int32_t>);
ZFCHECK_CPU_BUILD_FOR(float)
ZFCHECK_CPU_BUILD_FOR(bfloat16_bits)
ZFCHECK_CPU_BUILD_FOR(float16_bits)
#undef ZFCHECK_CPU_BUILD_FOR

}  // namespace zfcheck::kernels::cpu
