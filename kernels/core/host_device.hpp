// ZF_HOST_DEVICE marks the selection core's functions __host__ __device__ under nvcc and plain inline otherwise.
#pragma once

#include <cstdint>
#include <cstring>

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
