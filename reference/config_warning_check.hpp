// DeepSpeedConfig._do_warning_check: what it warns about, verbatim, on global rank 0.
#pragma once

#include "reference/error.hpp"
#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <optional>
#include <string>
#include <vector>

namespace zfcheck {

// get_optimizer_params: optimizer.params when the optimizer names a type (nullptr otherwise), as
// _initialize_params reads it. An optimizer that is not an object, or a type that is neither null nor a
// str, fails there with the AttributeError of its .keys() or .lower().
tl::expected<const py::Value*, Error> optimizer_params(const py::Dict& config);

// _do_warning_check with global rank 0: vocabulary_size not a multiple of 8, then
// optimizer.params.max_grad_norm > 0 (passed to the FP16 wrapper, or set to zero in FP32 mode). Warnings are
// appended verbatim; params that are not an object fail on .keys(), a max_grad_norm that is not a number on
// its comparison with 0, a vocabulary_size list or dict on % 8 (TypeError); a str vocabulary_size, which %
// formats, is an unmodelled error naming it.
std::optional<Error> warning_check(const py::Dict& config, bool fp16_enabled,
                                   const py::Value* optimizer_params, std::vector<std::string>& warnings);

}  // namespace zfcheck
