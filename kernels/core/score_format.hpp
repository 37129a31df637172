// The gradient storage types and, per type, widening to float32, rounding back, and the radix order key.
#pragma once

#include "kernels/core/host_device.hpp"

#if defined(__CUDACC__)
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#endif
#if !defined(__CUDA_ARCH__)
#include "kernels/oracle/low_precision.hpp"
#endif

#include <cstdint>

namespace zfcheck::kernels {

// bfloat16 and float16 as their bits: the same layout on host and device, no arithmetic on them.
struct bfloat16_bits {
  std::uint16_t bits;
};
struct float16_bits {
  std::uint16_t bits;
};

// Order keys: unsigned integers whose order is torch.topk's order of the scores (NaN above +Inf above
// every finite value; -0 and +0 equal), so that "largest" is "largest key".
template <class Key>
ZF_HOST_DEVICE Key sign_magnitude_key(Key bits, Key inf_bits) {
  constexpr Key kSign = Key(Key(1) << (sizeof(Key) * 8 - 1));
  Key magnitude = Key(bits & Key(~kSign));
  if (magnitude > inf_bits) return Key(~Key(0));  // NaN, any payload or sign
  if (magnitude == 0) return kSign;               // +-0
  return (bits & kSign) ? Key(~bits) : Key(bits | kSign);
}

template <class T>
struct ScoreFormat;

template <>
struct ScoreFormat<float> {
  using Key = std::uint32_t;
  static ZF_HOST_DEVICE float widen(float value) { return value; }
  static ZF_HOST_DEVICE float narrow(float sum) { return sum; }
  static ZF_HOST_DEVICE Key key(float score) { return sign_magnitude_key<Key>(float_bits(score), 0x7F80'0000u); }
};

template <>
struct ScoreFormat<bfloat16_bits> {
  using Key = std::uint16_t;
  static ZF_HOST_DEVICE float widen(bfloat16_bits value) { return float_from_bits(std::uint32_t{value.bits} << 16); }
  static ZF_HOST_DEVICE bfloat16_bits narrow(float sum) {
#if defined(__CUDA_ARCH__)
    return {__bfloat16_as_ushort(__float2bfloat16_rn(sum))};
#else
    return {bfloat16_bits_from_float(sum)};
#endif
  }
  static ZF_HOST_DEVICE Key key(bfloat16_bits score) { return sign_magnitude_key<Key>(score.bits, 0x7F80u); }
};

template <>
struct ScoreFormat<float16_bits> {
  using Key = std::uint16_t;
  static ZF_HOST_DEVICE float widen(float16_bits value) {
#if defined(__CUDA_ARCH__)
    return __half2float(__ushort_as_half(value.bits));
#else
    return float_from_float16_bits(value.bits);
#endif
  }
  static ZF_HOST_DEVICE float16_bits narrow(float sum) {
#if defined(__CUDA_ARCH__)
    return {__half_as_ushort(__float2half_rn(sum))};
#else
    return {float16_bits_from_float(sum)};
#endif
  }
  static ZF_HOST_DEVICE Key key(float16_bits score) { return sign_magnitude_key<Key>(score.bits, 0x7C00u); }
};

}  // namespace zfcheck::kernels
