// One 32-bit linear congruential generator (Numerical Recipes' constants) for the deterministic buckets
// of the kernel tests and benchmarks: the same values on every run, compiler and machine.
#pragma once

#include <cstdint>

namespace zfcheck {

class Lcg32 {
 public:
  explicit Lcg32(std::uint32_t seed) : state_(seed) {}

  std::uint32_t next() {
    state_ = state_ * 1664525u + 1013904223u;
    return state_;
  }

  // The next state read as a signed 32-bit integer, times `scale`: uniform over [-2^31, 2^31) x scale.
  float signed_value(float scale) { return static_cast<float>(static_cast<std::int32_t>(next())) * scale; }

 private:
  std::uint32_t state_;
};

}  // namespace zfcheck
