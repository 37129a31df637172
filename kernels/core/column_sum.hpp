// One column's L1 norm as a warp computes it: per-lane partial sums over 16-byte vectors, then a butterfly.
#pragma once

#include "kernels/core/host_device.hpp"
#include "kernels/core/score_format.hpp"
#include "kernels/core/tuning.hpp"

#include <cmath>
#include <cstdint>

namespace zfcheck::kernels {

// One 16-byte load of gradient values.
template <class T>
struct alignas(kVectorBytes) Vector {
  static constexpr int kCount = kVectorBytes / static_cast<int>(sizeof(T));
  T values[kCount];
};

template <class T>
ZF_HOST_DEVICE Vector<T> load_vector(const T* aligned) {
  Vector<T> out;
#if defined(__CUDA_ARCH__)
  // Streaming load: each gradient value is read once.
  *reinterpret_cast<uint4*>(&out) = __ldcs(reinterpret_cast<const uint4*>(aligned));
#else
  std::memcpy(&out, aligned, sizeof out);
#endif
  return out;
}

template <class T>
ZF_HOST_DEVICE float abs_widened(T value) {
  return fabsf(ScoreFormat<T>::widen(value));
}

// Lane `lane`'s share of the column of `rows` values starting at element `column_begin` of `bucket`
// (element 0 of the bucket is 16-byte aligned). The column splits into a head up to the first 16-byte
// boundary, whole vectors, and a tail; lane l takes head element l, vectors l, l + 32, l + 64, ... and
// tail element l, adding in that order in float32. The order is fixed, so the CPU build and the device
// give bit-identical sums; loads are issued kScoreUnroll vectors at a time without changing it.
template <class T>
ZF_HOST_DEVICE float lane_partial_sum(const T* bucket, std::int64_t column_begin, std::int64_t rows, int lane) {
  constexpr int kPerVector = Vector<T>::kCount;
  std::int64_t misalignment = column_begin % kPerVector;
  std::int64_t head = misalignment == 0 ? 0 : kPerVector - misalignment;
  if (head > rows) head = rows;
  float sum = 0.0f;
  if (lane < head) sum += abs_widened(bucket[column_begin + lane]);
  const T* body = bucket + column_begin + head;
  std::int64_t vectors = (rows - head) / kPerVector;
  std::int64_t v = lane;
  for (; v + (kScoreUnroll - 1) * kWarpLanes < vectors; v += kScoreUnroll * kWarpLanes) {
    Vector<T> loaded[kScoreUnroll];
    for (int u = 0; u < kScoreUnroll; ++u) loaded[u] = load_vector(body + (v + u * kWarpLanes) * kPerVector);
    for (int u = 0; u < kScoreUnroll; ++u) {
      for (int e = 0; e < kPerVector; ++e) sum += abs_widened(loaded[u].values[e]);
    }
  }
  for (; v < vectors; v += kWarpLanes) {
    Vector<T> loaded = load_vector(body + v * kPerVector);
    for (int e = 0; e < kPerVector; ++e) sum += abs_widened(loaded.values[e]);
  }
  std::int64_t tail_begin = head + vectors * kPerVector;
  if (lane < rows - tail_begin) sum += abs_widened(bucket[column_begin + tail_begin + lane]);
  return sum;
}

// The butterfly a warp runs with __shfl_xor_sync (offsets 16, 8, 4, 2, 1: each lane adds its partner's
// value), replayed on the host: the sum lane 0 ends with.
inline float butterfly_sum(float (&partials)[kWarpLanes]) {
  for (int offset = kWarpLanes / 2; offset > 0; offset /= 2) {
    float next[kWarpLanes];
    for (int lane = 0; lane < kWarpLanes; ++lane) next[lane] = partials[lane] + partials[lane ^ offset];
    for (int lane = 0; lane < kWarpLanes; ++lane) partials[lane] = next[lane];
  }
  return partials[0];
}

}  // namespace zfcheck::kernels
