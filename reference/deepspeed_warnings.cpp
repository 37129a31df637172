// DeepSpeedConfig's warning texts as format strings, a {} for each value upstream formats into them.
#include "reference/deepspeed_warnings.hpp"

#include <fmt/format.h>

#include <array>

namespace zfcheck {

namespace {

constexpr std::string_view kDeprecated = "Config parameter {} is deprecated use {} instead";
constexpr std::string_view kElastic =
    "ZeRO-3 elastic checkpointing is deprecated and no longer supported. Use Universal Checkpointing "
    "instead.";
constexpr std::string_view kVocabulary =
    "DeepSpeedConfig: vocabulary size {} is not aligned to 8, may import tensor core utilization.";
constexpr std::string_view kFp16MaxGradNorm =
    "DeepSpeedConfig: In FP16 mode, DeepSpeed will pass max_grad_norm:{} to FP16 wrapper";
constexpr std::string_view kFp32MaxGradNorm =
    "DeepSpeedConfig: In FP32 mode, DeepSpeed does not permit MAX_GRAD_NORM ({}) > 0, setting to zero";
constexpr std::array<std::string_view, 5> kTemplates{kDeprecated, kElastic, kVocabulary, kFp16MaxGradNorm,
                                                     kFp32MaxGradNorm};
constexpr std::string_view kSlot = "{}";

// Whether `text` is `pattern` with each {} replaced by some non-empty text (the shortest that fits).
bool fits(std::string_view pattern, std::string_view text) {
  std::size_t slot = pattern.find(kSlot);
  if (slot == std::string_view::npos) return pattern == text;
  if (!text.starts_with(pattern.substr(0, slot))) return false;
  pattern.remove_prefix(slot + kSlot.size());
  text.remove_prefix(slot);
  for (std::size_t taken = 1; taken <= text.size(); ++taken) {
    if (fits(pattern, text.substr(taken))) return true;
  }
  return false;
}

}  // namespace

std::string deprecated_field_warning(std::string_view field, std::string_view replacement) {
  return fmt::format(fmt::runtime(kDeprecated), field, replacement);
}

std::string elastic_checkpoint_warning() { return std::string(kElastic); }

std::string vocabulary_size_warning(std::string_view size) {
  return fmt::format(fmt::runtime(kVocabulary), size);
}

std::string max_grad_norm_warning(bool fp16_enabled, std::string_view value) {
  return fmt::format(fmt::runtime(fp16_enabled ? kFp16MaxGradNorm : kFp32MaxGradNorm), value);
}

bool is_deepspeed_config_warning(std::string_view text) {
  for (std::string_view pattern : kTemplates) {
    if (fits(pattern, text)) return true;
  }
  return false;
}

}  // namespace zfcheck
