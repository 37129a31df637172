// The gradient dtypes of top-k selection and exact conversions between float32 and bfloat16/float16 bits.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace zfcheck {

enum class GradDtype { float32, bfloat16, float16 };

// "float32", "bfloat16", "float16" (torch's names), or nothing.
std::optional<GradDtype> grad_dtype_from_name(std::string_view name);
std::string_view grad_dtype_name(GradDtype dtype);

// float32 -> bfloat16 bits, round to nearest even; NaN stays NaN (quiet, sign kept), overflow gives Inf.
std::uint16_t bfloat16_bits_from_float(float value);
float float_from_bfloat16_bits(std::uint16_t bits);

// float32 -> IEEE binary16 bits, round to nearest even, subnormals included; NaN gives a quiet NaN with the
// sign kept, values from 65520 up give Inf.
std::uint16_t float16_bits_from_float(float value);
float float_from_float16_bits(std::uint16_t bits);

// The float32 value nearest to `value` that the dtype can hold (what storing it in a tensor of that dtype
// and reading it back gives).
float round_to_dtype(float value, GradDtype dtype);

}  // namespace zfcheck
