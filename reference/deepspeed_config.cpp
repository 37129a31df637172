// DeepSpeedConfig's __init__ in order: the world size, _initialize_params, the batch values, _do_error_check
// and _do_warning_check (runtime/config.py).
#include "reference/deepspeed_config.hpp"

#include "reference/config_warning_check.hpp"
#include "reference/precision_config.hpp"

#include <cstdio>
#include <optional>
#include <string>

namespace zfcheck {

namespace {

constexpr std::string_view kAllreduceOp = "gradient_allreduce_op";

// Python's repr() of an ASCII str; nothing for text beyond ASCII (its repr is not modelled).
std::optional<std::string> ascii_repr(const py::Str& s) {
  if (s.lone_surrogate) return std::nullopt;
  bool has_single = s.text.find('\'') != std::string::npos;
  char quote = has_single && s.text.find('"') == std::string::npos ? '"' : '\'';
  std::string out(1, quote);
  for (unsigned char ch : s.text) {
    if (ch >= 0x80) return std::nullopt;
    if (ch == '\\' || ch == static_cast<unsigned char>(quote)) {
      out += '\\';
      out += static_cast<char>(ch);
    } else if (ch == '\n') {
      out += "\\n";
    } else if (ch == '\r') {
      out += "\\r";
    } else if (ch == '\t') {
      out += "\\t";
    } else if (ch < 0x20 || ch == 0x7f) {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", ch);
      out += hex;
    } else {
      out += static_cast<char>(ch);
    }
  }
  return out + quote;
}

// get_gradient_allreduce_op: a str is lower-cased, then the value must be "mean" or "sum".
tl::expected<std::string, Error> allreduce_op(const py::Dict& config) {
  const py::Value* v = config.find(kAllreduceOp);
  if (v == nullptr) return std::string("mean");
  std::optional<std::string> shown;
  if (const py::Str* s = v->as<py::Str>()) {
    py::Str lowered = *s;
    for (char& ch : lowered.text) {
      if (ch >= 'A' && ch <= 'Z') ch = static_cast<char>(ch - 'A' + 'a');
    }
    if (lowered == "mean" || lowered == "sum") return lowered.text;
    shown = ascii_repr(lowered);
  } else if (v->kind() == py::Kind::none) {
    shown = "None";
  } else if (const bool* b = v->as<bool>()) {
    shown = *b ? "True" : "False";
  } else if (const py::Int* i = v->as<py::Int>()) {
    shown = py::to_decimal(*i);
  }
  if (!shown) return tl::unexpected(unmodelled("gradient_allreduce_op of this value is not modelled"));
  return tl::unexpected(raised(
      "ValueError", "Invalid gradient_allreduce_op. Supported operations: ['mean', 'sum']. Got: " + *shown));
}

// _do_error_check, the checks a config that passed the batch assertions can fail.
std::optional<Error> error_check(const std::string& op, const ZeroConfig& zero, const Precision& precision) {
  if (op == "sum" && zero.stage == 3)
    return raised("ValueError", "gradient_allreduce_op='sum' is not supported with ZeRO stage 3");
  if (op == "sum" && zero.zenflow)
    return raised("ValueError", "gradient_allreduce_op='sum' is not supported with ZenFlow");
  const bool zero_enabled = zero.stage > 0;
  if (precision.fp16_master_weights_and_grads && !zero_enabled)
    return raised("AssertionError", "Fp16_master_weights_and_grads is only supported with ZeRO Stage 1, 2, or 3.");
  if (precision.bf16_master_weights_and_grads && !zero_enabled)
    return raised("AssertionError", "Bf16_master_weights_and_grads is only supported with ZeRO Stage 1, 2, or 3.");
  if (precision.bf16_optimizer_states && !zero_enabled)
    return raised("AssertionError", "bf16_optimizer_states is only supported with ZeRO Stage 1, 2, or 3.");
  if (precision.bf16_optimizer_states && !precision.bf16_master_weights_and_grads)
    return raised("AssertionError", "bf16_optimizer_states requires bf16_master_weights_and_grads to be enabled.");
  return std::nullopt;
}

}  // namespace

tl::expected<DeepSpeedConfig, Error> read_deepspeed_config(const py::Dict& config, const py::Int& world_size,
                                                           const Switches& switches,
                                                           std::vector<std::string>& warnings) {
  if (auto world = effective_world_size(config, world_size); !world) return tl::unexpected(std::move(world.error()));
  if (config.find("elasticity") != nullptr)  // it rewrites the batch values
    return tl::unexpected(unmodelled("the elasticity key is not modelled"));
  auto op = allreduce_op(config);
  if (!op) return tl::unexpected(std::move(op.error()));
  auto zero = read_zero_config(config, switches, warnings);
  if (!zero) return tl::unexpected(std::move(zero.error()));
  auto precision = read_precision(config);
  if (!precision) return tl::unexpected(std::move(precision.error()));
  if (precision->fp16_enabled && precision->bf16_enabled)
    return tl::unexpected(raised("AssertionError", "bfloat16 and fp16 modes cannot be simultaneously enabled"));
  auto params = optimizer_params(config);
  if (!params) return tl::unexpected(std::move(params.error()));
  auto batch = batch_sizes(config, world_size);
  if (!batch) return tl::unexpected(std::move(batch.error()));
  if (auto error = error_check(*op, *zero, *precision)) return tl::unexpected(std::move(*error));
  if (auto error = warning_check(config, precision->fp16_enabled, *params, warnings))
    return tl::unexpected(std::move(*error));
  return DeepSpeedConfig{std::move(*batch), std::move(*zero)};
}

}  // namespace zfcheck
