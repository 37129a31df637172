// DeepSpeedConfig's __init__ in order: the world size, elastic training, _initialize_params, the batch
// values, _do_error_check and _do_warning_check (runtime/config.py).
#include "reference/deepspeed_config.hpp"

#include "reference/compression_config.hpp"
#include "reference/config_warning_check.hpp"
#include "reference/elasticity.hpp"
#include "reference/feature_models.hpp"
#include "reference/feature_readers.hpp"
#include "reference/precision_config.hpp"
#include "reference/py_repr.hpp"
#include "reference/py_unicode.hpp"

#include <optional>
#include <string>

namespace zfcheck {

namespace {

constexpr std::string_view kAllreduceOp = "gradient_allreduce_op";

// get_gradient_allreduce_op: a str is lower-cased, then the value must be "mean" or "sum".
tl::expected<std::string, Error> allreduce_op(const py::Dict& config) {
  const py::Value* v = config.find(kAllreduceOp);
  if (v == nullptr) return std::string("mean");
  std::optional<std::string> shown;
  if (const py::Str* s = v->as<py::Str>()) {
    auto lowered = py::lower(*s);
    if (lowered && (*lowered == "mean" || *lowered == "sum")) return *lowered;
    if (lowered) shown = py::repr(py::Value(py::Str{*lowered}));
  } else {
    shown = py::repr(*v);  // `value not in (...)` compares with ==, which no value refuses
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

// _initialize_params on, with the batch values `config` holds (the elastic ones where elasticity chose them).
tl::expected<DeepSpeedConfig, Error> read_config(const py::Dict& config, const py::Int& world_size,
                                                 const Switches& switches,
                                                 std::vector<std::string>& warnings) {
  if (auto error = communication_types_check(config)) return tl::unexpected(std::move(*error));
  auto op = allreduce_op(config);
  if (!op) return tl::unexpected(std::move(op.error()));
  auto zero = read_zero_config(config, switches, warnings);
  if (!zero) return tl::unexpected(std::move(zero.error()));
  if (auto error = logging_features_check(config)) return tl::unexpected(std::move(*error));
  auto precision = read_precision(config);
  if (!precision) return tl::unexpected(std::move(precision.error()));
  if (precision->fp16_enabled && precision->bf16_enabled)
    return tl::unexpected(raised("AssertionError", "bfloat16 and fp16 modes cannot be simultaneously enabled"));
  if (auto error = autocast_check(config)) return tl::unexpected(std::move(*error));
  if (auto error = compression_check(config)) return tl::unexpected(std::move(*error));
  auto params = optimizer_params(config);
  if (!params) return tl::unexpected(std::move(params.error()));
  if (auto error = later_features_check(config)) return tl::unexpected(std::move(*error));
  auto batch = batch_sizes(config, world_size);
  if (!batch) return tl::unexpected(std::move(batch.error()));
  if (auto error = error_check(*op, *zero, *precision)) return tl::unexpected(std::move(*error));
  if (auto error = warning_check(config, precision->fp16_enabled, *params, warnings))
    return tl::unexpected(std::move(*error));
  return DeepSpeedConfig{std::move(*batch), std::move(*zero)};
}

}  // namespace

tl::expected<DeepSpeedConfig, Error> read_deepspeed_config(const py::Dict& config, const py::Int& world_size,
                                                           const Switches& switches,
                                                           std::vector<std::string>& warnings) {
  auto world = effective_world_size(config, world_size);
  if (!world) return tl::unexpected(std::move(world.error()));
  auto elastic = elastic_config(config, *world, warnings);
  if (!elastic) return tl::unexpected(std::move(elastic.error()));
  return read_config(*elastic ? **elastic : config, world_size, switches, warnings);
}

}  // namespace zfcheck
