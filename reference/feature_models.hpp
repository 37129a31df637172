// The pydantic models runtime/config.py builds from other features' blocks: HybridEngineConfig
// (runtime/config.py), CompileConfig (compile/config.py), CommsLoggerConfig (comm/config.py), the monitors
// (monitor/config.py), WeightQuantConfig (inference/config.py) and TPTrainingConfig
// (runtime/tensor_parallel/config.py), validated as DeepSpeedConfigModel and pydantic validate them.
#pragma once

#include "reference/error.hpp"
#include "reference/py_value.hpp"

#include <optional>

namespace zfcheck {

// HybridEngineConfig(**config.get("hybrid_engine", {})): not a mapping is the TypeError of `**`; a "self"
// key that of __init__; then its fields (bools and ints, lax mode) in declaration order and unknown keys
// (extra="forbid"), the first as a ValidationError at "hybrid_engine.<field>".
std::optional<Error> hybrid_engine_check(const py::Dict& config);

// Right after the ZeRO section: activation_checkpointing's .get (activation_checkpointing/config.py), then
// CommsLoggerConfig(**config["comms_logger"]) as above, then DeepSpeedMonitorConfig with the tensorboard,
// comet, wandb and csv_monitor blocks as nested models (each through DeepSpeedConfigModel.__init__ as well),
// a block that is not an object a ValidationError at its key.
std::optional<Error> logging_features_check(const py::Dict& config);

// After the checkpoint writer, WeightQuantConfig(**config["weight_quantization"]) where the config has the
// key, as above: "q_type" is "asymmetric" or "symmetric", "quantized_initialization" and "post_init_quant"
// objects.
std::optional<Error> weight_quantization_check(const py::Dict& config);

// CompileConfig(**config.get("compile", {})), likewise, "passes" a list of "z1", "z3", "autosp" and "autotp"
// or null (an item's error at "compile.passes.<index>").
std::optional<Error> compile_check(const py::Dict& config);

// Last of all, get_timers_config (utils/config.py): DeepSpeedThroughputTimerConfig(**timers["throughput"])
// where the block holds one, as above, its errors at "timers.throughput.<field>"; a block `in` cannot search
// is the TypeError of `in`, a str or list holding "throughput" that of indexing it.
std::optional<Error> timers_check(const py::Dict& config);

// After the timers, get_tensor_parallel_config: TPTrainingConfig(**config["tensor_parallel"]) where the
// config has the key, as above: "dtype" is typed torch.dtype, so any value given is "Input should be an
// instance of dtype"; the nested TPConfig, given as "tp" or "tensor_parallel" ("tp" taken where both are, the
// other then an unknown key), has its errors at "tensor_parallel.<given as>.<field>", its "self" key's
// TypeError first.
std::optional<Error> tensor_parallel_check(const py::Dict& config);

}  // namespace zfcheck
