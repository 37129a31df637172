// DeepSpeed's elastic training as DeepSpeedConfig.__init__ runs it (runtime/config.py, elasticity/).
#pragma once

#include "reference/error.hpp"
#include "reference/py_number.hpp"
#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <optional>
#include <string>
#include <vector>

namespace zfcheck {

// The step after the world size: elasticity_enabled(config) reads the "elasticity" block's "enabled" (a block
// that is not a dict is the AttributeError of its `.get`); off, nothing happens and the result is nothing.
// On, compute_elastic_config (ElasticityConfig's checks, then version 0.1's or 0.2's choice of batch size and
// valid GPU counts, then the largest micro batch that divides the batch per GPU) for `world_size`, the
// scheduler warning, the refusal of batch values given without ignore_non_elastic_batch_info, and the
// result is the config with its three batch values replaced (a warning for each given). Numbers of any type
// and size compute as Python computes them; what numpy answers by its version or by C's overflow is a
// kUnmodelledType error naming the key. Errors are upstream's, with their
// Python types (ElasticityConfigError, ElasticityError, ElasticityIncompatibleWorldSize, ValueError, ...).
tl::expected<std::optional<py::Dict>, Error> elastic_config(const py::Dict& config,
                                                            const py::Number& world_size,
                                                            std::vector<std::string>& warnings);

}  // namespace zfcheck
