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
// read_zero_config_deprecated formats ZERO_FORMAT, the ZeRO section's own format text, into its warning.
constexpr std::string_view kZeroFormat =
    "DeepSpeedConfig: this format of ZeRO optimization setup is deprecated. Please use the following format: "
    R"(
ZeRO optimization should be enabled as:
"session_params": {
  "zero_optimization": {
    "stage": [0|1|2],
    "stage3_max_live_parameters" : 1000000000,
    "stage3_max_reuse_distance" : 1000000000,
    "stage3_use_all_reduce_for_fetch_params": [true|false],
    "stage3_module_granularity_threshold": 0,
    "allgather_partitions": [true|false],
    "use_multi_rank_bucket_allreduce": [true|false],
    "stage3_allgather_sequential": [true|false],
    "allgather_bucket_size": 500000000,
    "reduce_scatter": [true|false],
    "contiguous_gradients" : [true|false]
    "overlap_comm": [true|false],
    "reduce_bucket_size": 500000000,
    "load_from_fp32_weights": [true|false],
    "cpu_offload": [true|false] (deprecated),
    "cpu_offload_param" : [true|false] (deprecated),
    "cpu_offload_use_pin_memory": [true|false] (deprecated),
    "sub_group_size" : 1000000000000,
    "offload_param": {...},
    "offload_optimizer": {...},
    "ignore_unused_parameters": [true|false],
    "round_robin_gradients": [true|false],
    "zero_hpz_partition_size": 1,
    "zero_quantized_weights": [true|false],
    "zero_quantized_nontrainable_weights": [true|false],
    "zero_quantized_gradients": [true|false],
    "memory_efficient_linear": [true|false],
    "override_module_apply": [true|false],
    "zeropp_loco_param": {...},
    "log_trace_cache_warnings" : [true|false],
    "enable_sanity_checks": [true|false],
    }
}
)";
// ensure_immutable_elastic_config (elasticity/elasticity.py), and DeepSpeedConfig's elastic batch values.
constexpr std::string_view kNoSchedulerConfig =
    "Unable to find DEEPSPEED_ELASTICITY_CONFIG environment variable, cannot guarantee resource scheduler "
    "will scale this job using compatible GPU counts.";
constexpr std::string_view kElasticOverride = "[Elasticity] overriding {}: {} -> {}";
constexpr std::array<std::string_view, 8> kTemplates{kDeprecated,        kElastic,         kVocabulary,
                                                     kFp16MaxGradNorm,   kFp32MaxGradNorm, kZeroFormat,
                                                     kNoSchedulerConfig, kElasticOverride};
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

std::string deprecated_zero_format_warning() { return std::string(kZeroFormat); }

std::string elastic_scheduler_warning() { return std::string(kNoSchedulerConfig); }

std::string elastic_override_warning(std::string_view key, std::string_view given, std::string_view chosen) {
  return fmt::format(fmt::runtime(kElasticOverride), key, given, chosen);
}

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
