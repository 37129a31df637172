// The plain-Python parsers DeepSpeed's other features keep in their own modules (autotuning/config.py,
// runtime/data_pipeline/config.py, runtime/swap_tensor/aio_config.py, runtime/model_checkpointing/config.py,
// module_inject/auto_ep_config.py):
// what each refuses, called where _initialize_params calls it (feature_readers.cpp).
#pragma once

#include "reference/error.hpp"
#include "reference/py_value.hpp"

#include <optional>

namespace zfcheck {

// DeepSpeedAutotuningConfig: the block's .get (null included), results_dir and exps_dir truthy where given
// (AssertionError "... cannot be empty"), a model_info other than null read with .get.
std::optional<Error> autotuning_check(const py::Dict& config);

// The legacy top-level curriculum_learning (as amp), then get_data_efficiency_config: data_efficiency,
// data_sampling, its curriculum_learning (curriculum_metrics where enabled) and dynamic_batching (int() of
// min_batch_size, max_batch_size and, where enabled, the required max_tokens), data_routing and random_ltd.
std::optional<Error> data_pipeline_check(const py::Dict& config);

// get_aio_config: a block other than null read with .get; use_gds truthy asks whether the accelerator is
// CUDA, which it is for the cases (docs/eval-format.md).
std::optional<Error> aio_check(const py::Dict& config);

// get_checkpoint_config's writer: the block's .get, type and data_parallel upper-cased (an AttributeError for
// a value other than a str or null), then each one of its set (AssertionError naming the set).
std::optional<Error> checkpoint_writer_check(const py::Dict& config);

// Last, get_expert_parallel_config: parse_autoep_config takes a falsy block as the defaults, reads any other
// with .get, and refuses a load_balance_coeff other than null (ValueError quoting its repr).
std::optional<Error> expert_parallel_check(const py::Dict& config);

}  // namespace zfcheck
