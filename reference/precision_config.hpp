// The fp16 and bf16 blocks, validated as runtime/precision_config.py validates them.
#pragma once

#include "reference/error.hpp"
#include "reference/py_value.hpp"

#include <tl/expected.hpp>

namespace zfcheck {

// The flags of DeepSpeedFP16Config and DeepSpeedBF16Config that DeepSpeedConfig asserts on or warns by.
struct Precision {
  bool fp16_enabled = false;
  bool fp16_master_weights_and_grads = false;
  bool bf16_enabled = false;
  bool bf16_master_weights_and_grads = false;
  bool bf16_optimizer_states = false;
};

// get_float16_config and get_bfloat16_config ("bf16", else the old "bfloat16" when "bf16" is absent or
// null), each block validated as its DeepSpeedConfigModel class validates it ("auto" dropped): the
// declared fields in order with pydantic's lax types and the fp16 validators (loss_scale read by Python's
// float(), loss_scale_window and min_loss_scale checked before pydantic's int, the dynamic loss scaling
// model validator), then unknown keys. A ValidationError names its field from the config's top
// ("fp16.loss_scale", "bfloat16.enabled"); a block that is not an object (a TypeError worded by the
// Python version) and text float() or int() would read beyond ASCII are unmodelled.
tl::expected<Precision, Error> read_precision(const py::Dict& config);

}  // namespace zfcheck
