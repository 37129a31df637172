// The warnings DeepSpeedConfig logs outside ZenFlow's set-up, in upstream's words: one home for their texts.
#pragma once

#include <string>
#include <string_view>

namespace zfcheck {

// DeepSpeedConfigModel._process_deprecated_field (runtime/config_utils.py).
std::string deprecated_field_warning(std::string_view field, std::string_view replacement);
// The elastic_checkpoint_deprecated validator (runtime/zero/config.py).
std::string elastic_checkpoint_warning();
// read_zero_config_deprecated (runtime/zero/config.py): `zero_optimization` given as a bool.
std::string deprecated_zero_format_warning();
// ensure_immutable_elastic_config (elasticity/elasticity.py) when the scheduler's elastic config is not in
// the environment, and DeepSpeedConfig.__init__ for each batch value elastic training replaces (`key` as
// upstream names it, `given` as Python's str() prints it).
std::string elastic_scheduler_warning();
std::string elastic_override_warning(std::string_view key, std::string_view given, std::string_view chosen);
// DeepSpeedConfig._do_warning_check (runtime/config.py): `size` and `value` as Python's str() prints them.
std::string vocabulary_size_warning(std::string_view size);
std::string max_grad_norm_warning(bool fp16_enabled, std::string_view value);

// Whether `text` is one of the warnings above (whatever values it names).
bool is_deepspeed_config_warning(std::string_view text);

}  // namespace zfcheck
