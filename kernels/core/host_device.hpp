// ZF_HOST_DEVICE marks the selection core's functions __host__ __device__ under nvcc and plain inline otherwise.
#pragma once

#include <cstdint>
#include <cstring>

// The CPU build and the device agree bit for bit only under IEEE float32 arithmetic with subnormals: a
// fast-math or flush-to-zero build would change sums and rankings. kernels/CMakeLists.txt refuses the
// flags; this refuses the macros compilers define for them (nvcc 13 defines none for -ftz=true or
// --use_fast_math, hence the CMake check).
#if defined(__FAST_MATH__) || defined(__USE_FAST_MATH__) || \
    defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__
#error "zfcheck kernels: built with fast-math; the CPU build and the device would no longer agree bit for bit"
#endif
#if defined(__CUDA_FTZ) && __CUDA_FTZ
#error "zfcheck kernels: built with flush-to-zero (-ftz=true); subnormal scores would be lost"
#endif

#if defined(__CUDACC__)
#define ZF_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define ZF_HOST_DEVICE inline
#endif

namespace zfcheck::kernels {

ZF_HOST_DEVICE std::uint32_t float_bits(float value) {
#if defined(__CUDA_ARCH__)
  return __float_as_uint(value);
#else
  std::uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
#endif
}

ZF_HOST_DEVICE float float_from_bits(std::uint32_t bits) {
#if defined(__CUDA_ARCH__)
  return __uint_as_float(bits);
#else
  float value;
  std::memcpy(&value, &bits, sizeof value);
  return value;
#endif
}

}  // namespace zfcheck::kernels
