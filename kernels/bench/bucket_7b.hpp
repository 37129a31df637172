// The benchmark bucket: one transformer layer of a 7B model, and a fast deterministic gradient fill.
#pragma once

#include "kernels/oracle/lcg.hpp"
#include "kernels/oracle/topk_problem.hpp"

#include <cstdint>
#include <vector>

namespace zfcheck::bench {

// (out, in) = (R, C): q, k, v, o projections 4096x4096, gate and up 11008x4096, down 4096x11008.
inline std::vector<ParamShape> seven_b_layer() {
  return {{4096, 4096},  {4096, 4096},  {4096, 4096}, {4096, 4096},
          {11008, 4096}, {11008, 4096}, {4096, 11008}};
}

inline std::int64_t element_count(const std::vector<ParamShape>& shapes) {
  std::int64_t total = 0;
  for (const ParamShape& s : shapes) total += s.rows * s.cols;
  return total;
}

// Gradient-like values in [-2^-9, 2^-9), from the LCG: the same bucket on every run.
inline float gradient_value(Lcg32& lcg) { return lcg.signed_value(0x1p-40f); }

}  // namespace zfcheck::bench
