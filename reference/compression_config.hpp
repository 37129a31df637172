// compression/config.py's get_compression_config and get_quantize_enabled as DeepSpeedConfig calls them, and
// runtime/config.py's get_eigenvalue_config, which reads quantize_training only where compression's weight
// quantization is on: what each refuses.
#pragma once

#include "reference/error.hpp"
#include "reference/py_value.hpp"

#include <optional>

namespace zfcheck {

// get_compression_config (after torch_autocast, before the optimizer): compression_training's techniques in
// order (weight_quantization, activation_quantization, sparse_pruning, row_pruning, head_pruning,
// channel_pruning), each given one read with .keys(): its shared_parameters' values checked against their
// sets (sparse pruning's snip_momentum bounds compared as Python compares), different_groups required where
// enabled and always read by key (KeyError where a given technique has none), each group's params with its
// required keys; then layer_reduction's .get.
std::optional<Error> compression_check(const py::Dict& config);

// get_eigenvalue_config (after autotuning): get_quantize_enabled reads compression_training.shared_parameters
// (not weight_quantization's: a finding about upstream) as weight quantization's shared parameters are read;
// where its "enabled" is truthy, a quantize_training other than null is read with .keys(), its eigenvalue
// block's .get, and eigenvalue enabled refused (AssertionError: Eigenvalue based MoQ is temporarily
// disabled).
std::optional<Error> eigenvalue_check(const py::Dict& config);

}  // namespace zfcheck
