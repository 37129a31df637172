// DeepSpeedConfig's batch values: the world size it divides by, _set_batch_related_parameters and
// _batch_assertion (runtime/config.py).
#pragma once

#include "reference/error.hpp"
#include "reference/py_number.hpp"
#include "reference/py_value.hpp"

#include <tl/expected.hpp>

namespace zfcheck {

// The three batch values after _set_batch_related_parameters and _batch_assertion: ints, floats where a
// float world size or a float batch value entered their derivation, or a bool given and kept.
struct BatchSizes {
  py::Number train_batch_size;
  py::Number train_micro_batch_size_per_gpu;
  py::Number gradient_accumulation_steps;

  bool operator==(const BatchSizes&) const = default;
};

// The world size DeepSpeedConfig computes with when no mpu is passed: dist.get_world_size() (`world`), or,
// when the config has "sequence_parallel_size", `world` / that value (Python's true division: a float;
// ZeroDivisionError for 0, TypeError for a value that is not a number; an int divisor gives the exact
// quotient rounded once, as Python's int / int; a quotient of zero, infinity or NaN computes on as Python's
// floats do).
tl::expected<py::Number, Error> effective_world_size(const py::Dict& config, const py::Int& world);

// The batch values of `config` after _set_batch_related_parameters and _batch_assertion, with
// dist.get_world_size() == world_size (divided by sequence_parallel_size when the config has one); when
// all three are given, the assertion's comparisons come first. A str or list value is repeated by an int as
// Python repeats it, every other arithmetic on it and on a dict is Python's TypeError.
tl::expected<BatchSizes, Error> batch_sizes(const py::Dict& config, const py::Int& world_size);

}  // namespace zfcheck
