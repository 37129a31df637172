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
// On, the result is the config DeepSpeedConfig reads on, its batch values chosen by compute_elastic_config;
// the model does not compute that yet, so it is a kUnmodelledType error naming the key.
tl::expected<std::optional<py::Dict>, Error> elastic_config(const py::Dict& config,
                                                            const py::Number& world_size,
                                                            std::vector<std::string>& warnings);

}  // namespace zfcheck
