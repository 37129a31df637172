// DeepSpeedZeroConfig: the `zero_optimization` section as get_zero_config() and pydantic v2 read it.
#pragma once

#include "reference/config.hpp"
#include "reference/error.hpp"
#include "reference/profile.hpp"
#include "reference/py_value.hpp"

#include <tl/expected.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// The validated section, reduced to what ZenFlow's set-up reads.
struct ZeroConfig {
  int stage = 0;                                 // ZeroStageEnum's value (use_enum_values)
  std::optional<std::string> offload_optimizer;  // offload_optimizer.device, or nothing without the block
  bool overlap_comm = false;                     // after overlap_comm_valid: unset means stage == 3
  std::optional<ZenFlowConfig> zenflow;          // nothing: ZenFlow off

  bool operator==(const ZeroConfig&) const = default;
};

// The error type of a result the model does not compute (outcome `unmodelled`), and such an error.
inline constexpr std::string_view kUnmodelledType = "Unmodelled";
Error unmodelled(std::string message);
// unmodelled() of text under `key` whose upper() or lower() depends on the Python version (py_unicode.hpp).
Error case_unmodelled(std::string_view key);

// get_zero_config(param_dict): the section under "zero_optimization" (given as a bool: the deprecated format,
// with its warning; not a mapping: the TypeError of DeepSpeedZeroConfig(**value)). Field
// errors name their path from the config's top ("zero_optimization.stage",
// "zero_optimization.zenflow.select_interval"); a key the model does not validate is an kUnmodelledType
// error naming it. The warnings it logs (deprecated fields, elastic checkpointing) are appended verbatim,
// also when it then raises.
tl::expected<ZeroConfig, Error> read_zero_config(const py::Dict& param_dict, const Switches& switches,
                                                 std::vector<std::string>& warnings);

// Every key the section takes (extra="forbid" refuses the rest): each field's name, then each alias.
const std::vector<std::string_view>& zero_section_keys();

}  // namespace zfcheck
