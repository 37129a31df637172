// Public host API of the CUDA column-selection kernels, in the CUB style (two-phase temporary storage).
//
// ZenFlow ranks the columns of each 2-D gradient by L1 norm and keeps the top topk_ratio of them. The
// gradient bucket is laid out transposed: a column is a contiguous run of R values. These entry points
// score and rank a whole bucket with one launch per phase, however many parameters and partition chunks
// it holds (kernels/selection_work.hpp builds the work from a column plan).
//
// The work (runs of columns, ranking segments) is described once by a ColumnSelectPlan: built on the host
// from the host descriptors, it checks them against the buffer sizes and copies them to device memory
// (synchronously, once). The calls below then only enqueue kernels on `stream`: no host copies, no
// host synchronisation, so they can be captured in a CUDA graph and replayed (as DeepSpeed and torch
// would call them for every step with the same layout).
//
// Two-phase temporary storage, as in CUB: call once with d_temp_storage == nullptr to get
// temp_storage_bytes, allocate that many bytes of device memory, call again with them to run. The
// running call checks temp_storage_bytes against what it needs.
//
// Errors: cudaErrorInvalidValue when the work does not fit the buffers (kernels/segments.hpp:
// work_fits), when a count exceeds the kernels' 32-bit grid and index limits (at plan build), when
// d_bucket is not 16-byte aligned or temp_storage_bytes is too small (on the running call); otherwise
// whatever a CUDA call reports. An error already pending on the calling thread is neither reported
// nor cleared, though CUB's host calls would take it (kernels/cuda/pending_error.cuh).
//
// Algorithms (kernels/core/tuning.hpp holds the numbers, kernels/core the code shared with the CPU build):
//  - Scores: one warp per column; each lane sums 16-byte vectors l, l + 32, ... of the column in float32
//    (kScoreUnroll loads in flight), the warp adds the lanes with a shuffle butterfly, lane 0 rounds the
//    sum to T (torch's abs().sum(dim=1) keeps the dtype). The order of additions is fixed, so the CPU
//    build reproduces every sum bit for bit.
//  - Top-k: radix select on order keys of the scores (NaN above +Inf, -0 == +0), 8 bits a pass (2
//    passes for 16-bit dtypes, 4 for float32), one cluster of kClusterBlocks blocks per segment, each
//    block on one tile of the keys: per-warp copies of the tile's histogram (real scores pile the first
//    pass onto one or two bins), summed over the cluster through distributed shared memory, the same
//    digit step in every block; then block-wide scans write the taken indices in ascending index order
//    (tile r after tiles 0 .. r - 1), ties at the cut going to the lower index. For
//    SelectionOrder::descending_score (stage 3) a stable segmented sort (cub::DeviceSegmentedSort)
//    orders them by descending score. Tiles of up to kSharedKeys<Key> keys (8 Ki float32, 16 Ki
//    16-bit) are staged in shared memory; longer ones are re-read from L2 each pass.
//    Why radix select rather than a warp/block select (bitonic queues as in faiss/RAFT WarpSelect): its
//    cost is a fixed number of passes over n independent of k, while a warp select's grows with k and is
//    capped near k = 1024. ZenFlow's k is topk_ratio * n (0.1 * 11008 = 1100 for one 7B-layer weight in
//    stage 3, several thousand for large ratios), so the warp-select range is the small-k corner of the
//    input space, where the whole ranking is launch-bound anyway (a few microseconds for a bucket).
#pragma once

#include "kernels/cuda/column_select_plan.cuh"

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace zfcheck::kernels {

struct DeviceColumnSelect {
  // scores[run.score_begin + j] = T(sum_i |bucket[run.bucket_begin + j * run.rows + i]|), float32
  // accumulation, for every column j of every run of the plan. T is float, bfloat16_bits or float16_bits
  // (kernels/core/score_format.hpp); d_bucket holds plan.bucket_size values and is 16-byte aligned,
  // d_scores holds plan.score_count.
  template <class T>
  static cudaError_t Scores(void* d_temp_storage, std::size_t& temp_storage_bytes,
                            const ColumnSelectPlan& plan, const T* d_bucket, T* d_scores,
                            cudaStream_t stream = 0);

  // For every segment of the plan, torch.topk(scores[score_begin : score_begin + count], k)'s indices
  // (relative to score_begin) into indices[output_begin : output_begin + k], in plan.order. d_scores holds
  // plan.score_count scores, d_indices plan.index_count indices.
  template <class T>
  static cudaError_t TopK(void* d_temp_storage, std::size_t& temp_storage_bytes, const ColumnSelectPlan& plan,
                          const T* d_scores, std::int32_t* d_indices, cudaStream_t stream = 0);

  // Scores then TopK on one stream, with one temporary allocation.
  template <class T>
  static cudaError_t Select(void* d_temp_storage, std::size_t& temp_storage_bytes,
                            const ColumnSelectPlan& plan, const T* d_bucket, T* d_scores,
                            std::int32_t* d_indices, cudaStream_t stream = 0);
};

}  // namespace zfcheck::kernels
