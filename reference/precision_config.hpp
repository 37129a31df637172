// The fp16 and bf16 blocks, as far as DeepSpeedConfig's own checks read them (runtime/precision_config.py).
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
// null): each flag as pydantic reads a bool, "auto" dropped. The model vouches only for plainly valid
// blocks (their declared fields; bools as pydantic reads them, a finite loss_scale >= 0, int scale powers
// and hysteresis, loss_scale_window and min_loss_scale > 0): anything else, a block that is not an object
// included, is an unmodelled error naming the field, since upstream's own validators decide it.
tl::expected<Precision, Error> read_precision(const py::Dict& config);

}  // namespace zfcheck
