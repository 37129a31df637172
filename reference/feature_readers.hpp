// DeepSpeedConfig's own readers of the keys of DeepSpeed's other features (runtime/config.py,
// profiling/config.py): what each refuses, in _initialize_params order, in the three stretches between the
// sections the model computes with. The parsers features keep in other modules are in feature_models.hpp
// (pydantic models) and module_readers.hpp (plain Python), called from here at their places.
#pragma once

#include "reference/error.hpp"
#include "reference/py_value.hpp"

#include <optional>

namespace zfcheck {

// get_communication_data_type for communication_data_type, then seq_parallel_communication_data_type: a
// value other than null is lower-cased and must be fp16, bf16 or fp32. Before gradient_allreduce_op.
std::optional<Error> communication_types_check(const py::Dict& config);

// After fp16/bf16: get_amp_enabled and get_amp_params (the block's .get, then .pop("enabled")), then
// get_torch_autocast_enabled, get_torch_autocast_dtype (DtypeEnum) and get_lower_precision_safe_modules.
std::optional<Error> autocast_check(const py::Dict& config);

// After the optimizer: the scheduler's .keys(), flops_profiler's .get and `wall_clock_breakdown | enabled`,
// autotuning, eigenvalue (compression_config.hpp), hybrid_engine, sparse_attention's mode, pipeline's
// .items(), progressive_layer_drop as amp, the legacy curriculum_learning and data_efficiency, checkpoint's
// tag_validation, data_types' .get and checkpoint.parallel_write.pipeline_stage, aio, nebula's .get, the
// checkpoint writer, then weight_quantization, compile, timers, tensor_parallel and expert_parallel.
std::optional<Error> later_features_check(const py::Dict& config);

}  // namespace zfcheck
