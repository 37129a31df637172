// DeepSpeedConfig: the whole config as deepspeed.initialize(config=<dict>) reads it, up to what ZenFlow
// needs.
#pragma once

#include "reference/batch_sizes.hpp"
#include "reference/error.hpp"
#include "reference/profile.hpp"
#include "reference/py_value.hpp"
#include "reference/zero_config.hpp"

#include <tl/expected.hpp>

#include <string>
#include <vector>

namespace zfcheck {

struct DeepSpeedConfig {
  BatchSizes batch;
  ZeroConfig zero;

  bool operator==(const DeepSpeedConfig&) const = default;
};

// DeepSpeedConfig(config) with dist.get_world_size() == world_size (>= 1) on global rank 0:
// _initialize_params (the gradient_allreduce_op check, the ZeRO section, the fp16/bf16 flags and their
// assertion, the optimizer's params), the batch derivation and assertions, then _do_error_check and
// _do_warning_check. Errors are upstream's, by Python type (AssertionError, ValueError, ValidationError,
// TypeError, ZeroDivisionError); what the model does not compute is a kUnmodelledType error. The other
// features' keys are refused where runtime/config.py's own readers and the parsers it calls refuse them
// (feature_readers.hpp, feature_models.hpp, module_readers.hpp, compression_config.hpp); keys
// DeepSpeedConfig does not know, such as a misplaced "zenflow", it ignores; "sequence_parallel_size"
// divides the world size (batch_sizes.hpp); "elasticity" may rewrite the batch values first (elasticity.hpp).
// The warnings it logs are appended verbatim, in order, also when it then raises.
tl::expected<DeepSpeedConfig, Error> read_deepspeed_config(const py::Dict& config, const py::Int& world_size,
                                                           const Switches& switches,
                                                           std::vector<std::string>& warnings);

}  // namespace zfcheck
