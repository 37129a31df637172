// Bit-exact float32 <-> bfloat16/float16 conversions with round-to-nearest-even, as torch's c10 types do.
#include "kernels/oracle/low_precision.hpp"

#include <bit>

namespace zfcheck {

namespace {

constexpr std::uint32_t kFloatAbsMask = 0x7FFF'FFFFu;
constexpr std::uint32_t kFloatInf = 0x7F80'0000u;
// 65520.0f: the midpoint between float16's largest finite value 65504 and 65536; it rounds (to even) to Inf.
constexpr std::uint32_t kFloat16OverflowFrom = 0x477F'F000u;
// 2^-14 as a float: the smallest normal float16.
constexpr std::uint32_t kFloat16NormalFrom = 0x3880'0000u;

bool is_nan_bits(std::uint32_t bits) { return (bits & kFloatAbsMask) > kFloatInf; }

// Drops the low `shift` bits of `value`, rounding to nearest with ties to even.
std::uint32_t shift_right_nearest_even(std::uint32_t value, unsigned shift) {
  if (shift >= 32) return 0;
  std::uint32_t kept = value >> shift;
  std::uint32_t dropped = value & ((std::uint32_t{1} << shift) - 1);
  std::uint32_t half = std::uint32_t{1} << (shift - 1);
  if (dropped > half || (dropped == half && (kept & 1u))) ++kept;
  return kept;
}

}  // namespace

std::optional<GradDtype> grad_dtype_from_name(std::string_view name) {
  if (name == "float32") return GradDtype::float32;
  if (name == "bfloat16") return GradDtype::bfloat16;
  if (name == "float16") return GradDtype::float16;
  return std::nullopt;
}

std::string_view grad_dtype_name(GradDtype dtype) {
  switch (dtype) {
    case GradDtype::bfloat16:
      return "bfloat16";
    case GradDtype::float16:
      return "float16";
    case GradDtype::float32:
      break;
  }
  return "float32";
}

std::uint16_t bfloat16_bits_from_float(float value) {
  auto bits = std::bit_cast<std::uint32_t>(value);
  if (is_nan_bits(bits)) return static_cast<std::uint16_t>((bits >> 16) | 0x0040u);
  // Rounding the low half away: the carry into the exponent gives Inf on overflow, as it should.
  std::uint32_t rounding_bias = 0x7FFFu + ((bits >> 16) & 1u);
  return static_cast<std::uint16_t>((bits + rounding_bias) >> 16);
}

float float_from_bfloat16_bits(std::uint16_t bits) { return std::bit_cast<float>(std::uint32_t{bits} << 16); }

std::uint16_t float16_bits_from_float(float value) {
  auto bits = std::bit_cast<std::uint32_t>(value);
  auto sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
  std::uint32_t magnitude = bits & kFloatAbsMask;
  if (magnitude > kFloatInf) return static_cast<std::uint16_t>(sign | 0x7E00u);
  if (magnitude >= kFloat16OverflowFrom) return static_cast<std::uint16_t>(sign | 0x7C00u);
  if (magnitude >= kFloat16NormalFrom) {
    // Re-bias the exponent (127 -> 15) and round the 23-bit mantissa to 10 bits; a carry moves the exponent.
    std::uint32_t rebased = magnitude - (std::uint32_t{127 - 15} << 23);
    return static_cast<std::uint16_t>(sign | shift_right_nearest_even(rebased, 13));
  }
  // Subnormal float16 (units of 2^-24) or zero: the value is significand * 2^(exponent - 150).
  std::uint32_t exponent = magnitude >> 23;
  if (exponent == 0) return sign;  // float subnormals are far below float16's smallest subnormal / 2
  std::uint32_t significand = (magnitude & 0x7F'FFFFu) | 0x80'0000u;
  return static_cast<std::uint16_t>(sign | shift_right_nearest_even(significand, 126 - exponent));
}

float float_from_float16_bits(std::uint16_t bits) {
  std::uint32_t sign = std::uint32_t{bits & 0x8000u} << 16;
  std::uint32_t exponent = (bits >> 10) & 0x1Fu;
  std::uint32_t mantissa = bits & 0x3FFu;
  if (exponent == 0x1F) return std::bit_cast<float>(sign | kFloatInf | (mantissa << 13));
  if (exponent != 0) return std::bit_cast<float>(sign | ((exponent + 127 - 15) << 23) | (mantissa << 13));
  // Zero or subnormal: mantissa * 2^-24, exact in float.
  float magnitude = static_cast<float>(mantissa) * 0x1p-24f;
  return sign ? -magnitude : magnitude;
}

float round_to_dtype(float value, GradDtype dtype) {
  switch (dtype) {
    case GradDtype::bfloat16:
      return float_from_bfloat16_bits(bfloat16_bits_from_float(value));
    case GradDtype::float16:
      return float_from_float16_bits(float16_bits_from_float(value));
    case GradDtype::float32:
      break;
  }
  return value;
}

}  // namespace zfcheck
