// DeepSpeedConfig's batch derivation and assertions, gradient_allreduce_op, and _do_error_check
// (runtime/config.py).
#include "reference/deepspeed_config.hpp"

#include "reference/config_warning_check.hpp"
#include "reference/precision_config.hpp"

#include <array>
#include <cstdio>
#include <optional>
#include <string>

namespace zfcheck {

namespace {

constexpr std::string_view kTrainBatch = "train_batch_size";
constexpr std::string_view kMicroBatch = "train_micro_batch_size_per_gpu";
constexpr std::string_view kGradAcc = "gradient_accumulation_steps";
constexpr std::string_view kAllreduceOp = "gradient_allreduce_op";
// Keys that change the batch values or the world size before the batch rules run.
constexpr std::array<std::string_view, 2> kNotModelledKeys{"elasticity", "sequence_parallel_size"};

// A batch value as get_scalar_param gives it: None (absent or null), an int, or another Python value.
struct BatchValue {
  std::string_view key;
  const py::Value* value = nullptr;  // nullptr: None

  bool is_none() const { return value == nullptr; }
  const py::Int* integer() const { return value ? value->as<py::Int>() : nullptr; }
};

BatchValue batch_value(const py::Dict& config, std::string_view key) {
  const py::Value* v = config.find(key);
  return BatchValue{key, v != nullptr && v->kind() == py::Kind::none ? nullptr : v};
}

// `value > 0` for a value that is not None: an int compares; a str, list or dict raises TypeError; a bool or
// float (which compare as numbers, and print as Python prints them) is not modelled.
std::optional<Error> refuse_uncomparable(const BatchValue& b) {
  switch (b.value->kind()) {
    case py::Kind::integer:
      return std::nullopt;
    case py::Kind::string:
    case py::Kind::list:
    case py::Kind::dict:
      return raised("TypeError", "'>' not supported between instances of '" +
                                     std::string(py::type_name(*b.value)) + "' and 'int'");
    default:
      return unmodelled(std::string(b.key) + " of type " + std::string(py::type_name(*b.value)) +
                        " is not modelled");
  }
}

bool is_str(const BatchValue& b) { return !b.is_none() && b.value->kind() == py::Kind::string; }
bool is_int(const BatchValue& b) { return b.integer() != nullptr; }

Error floor_division_type_error(const BatchValue& a, std::string_view b_type) {
  return raised("TypeError", "unsupported operand type(s) for //: '" + std::string(py::type_name(*a.value)) +
                                 "' and '" + std::string(b_type) + "'");
}

// The derivation when a given value is a str and the others ints: Python's str arithmetic (// refused,
// * repeats), then _batch_assertion's `train_batch > 0` on a str. Nothing when no str is involved.
std::optional<Error> derive_with_str(const BatchValue& train, const BatchValue& micro, const BatchValue& acc) {
  if (!is_str(train) && !is_str(micro) && !is_str(acc)) return std::nullopt;
  for (const BatchValue* b : {&train, &micro, &acc}) {
    if (!b->is_none() && !is_str(*b) && !is_int(*b)) {
      return unmodelled(std::string(b->key) + " of this type is not modelled");
    }
  }
  const Error compare = raised("TypeError", "'>' not supported between instances of 'str' and 'int'");
  if (!train.is_none() && !micro.is_none()) return floor_division_type_error(train, py::type_name(*micro.value));
  if (!train.is_none() && !acc.is_none()) {
    if (is_str(train)) return floor_division_type_error(train, "int");
    return raised("TypeError", "unsupported operand type(s) for //=: 'int' and 'str'");  // micro_batch //= grad_acc
  }
  if (!micro.is_none() && !acc.is_none()) {
    if (is_str(micro) && is_str(acc)) return raised("TypeError", "can't multiply sequence by non-int of type 'str'");
    return compare;  // train_batch_size becomes a repeated str
  }
  if (!train.is_none()) return floor_division_type_error(train, "int");
  return compare;  // only train_micro_batch_size_per_gpu, a str: train_batch_size becomes a repeated str
}

// _set_batch_related_parameters: fills in the values not given, with Python's floor division.
tl::expected<BatchSizes, Error> derive_batch(const BatchValue& train, const BatchValue& micro,
                                             const BatchValue& acc, const py::Int& world) {
  if (!train.is_none() && !micro.is_none() && !acc.is_none()) {
    return BatchSizes{*train.integer(), *micro.integer(), *acc.integer()};  // all given: nothing is set
  }
  if (train.is_none() && micro.is_none()) {  // whatever gradient_accumulation_steps is: nothing derives from it
    return tl::unexpected(raised("AssertionError",
                                 "Either train_batch_size or train_micro_batch_size_per_gpu needs to be provided"));
  }
  if (auto error = derive_with_str(train, micro, acc)) return tl::unexpected(std::move(*error));
  for (const BatchValue* b : {&train, &micro, &acc}) {
    if (!b->is_none() && b->integer() == nullptr) {
      return tl::unexpected(unmodelled(std::string(b->key) + " of type " +
                                       std::string(py::type_name(*b->value)) +
                                       " is not modelled when another batch value is derived"));
    }
  }
  const auto division = [](const py::Int& a, const py::Int& b) -> tl::expected<py::Int, Error> {
    if (b == 0) return tl::unexpected(raised("ZeroDivisionError", "integer division or modulo by zero"));
    return py::floor_div(a, b);
  };
  if (!train.is_none() && !micro.is_none()) {
    auto per_world = division(*train.integer(), *micro.integer());
    if (!per_world) return tl::unexpected(per_world.error());
    return BatchSizes{*train.integer(), *micro.integer(), py::floor_div(*per_world, world)};
  }
  if (!train.is_none() && !acc.is_none()) {
    auto micro_batch = division(py::floor_div(*train.integer(), world), *acc.integer());
    if (!micro_batch) return tl::unexpected(micro_batch.error());
    return BatchSizes{*train.integer(), *micro_batch, *acc.integer()};
  }
  if (!micro.is_none() && !acc.is_none()) {
    return BatchSizes{*micro.integer() * *acc.integer() * world, *micro.integer(), *acc.integer()};
  }
  if (!train.is_none())
    return BatchSizes{*train.integer(), py::floor_div(*train.integer(), world), py::Int(1)};
  return BatchSizes{*micro.integer() * world, *micro.integer(), py::Int(1)};  // only the micro batch
}

// _batch_assertion.
std::optional<Error> check_batch(const BatchSizes& b, const py::Int& world) {
  const std::string t = py::to_decimal(b.train_batch_size);
  const std::string m = py::to_decimal(b.train_micro_batch_size_per_gpu);
  const std::string g = py::to_decimal(b.gradient_accumulation_steps);
  if (b.train_batch_size <= 0)
    return raised("AssertionError", "Train batch size: " + t + " has to be greater than 0");
  if (b.train_micro_batch_size_per_gpu <= 0) {
    return raised("AssertionError", "Micro batch size per gpu: " + m + " has to be greater than 0");
  }
  if (b.gradient_accumulation_steps <= 0) {
    return raised("AssertionError", "Gradient accumulation steps: " + g + " has to be greater than 0");
  }
  if (b.train_batch_size != b.train_micro_batch_size_per_gpu * b.gradient_accumulation_steps * world) {
    return raised("AssertionError",
                  "Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * "
                  "gradient_acc_step * world_size " +
                      t + " != " + m + " * " + g + " * " + py::to_decimal(world));
  }
  return std::nullopt;
}

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

tl::expected<BatchSizes, Error> batch_sizes(const py::Dict& config, const py::Int& world) {
  BatchValue train = batch_value(config, kTrainBatch);
  BatchValue micro = batch_value(config, kMicroBatch);
  BatchValue acc = batch_value(config, kGradAcc);
  if (!train.is_none() && !micro.is_none() && !acc.is_none()) {
    for (const BatchValue* b : {&train, &micro, &acc}) {
      if (auto error = refuse_uncomparable(*b)) return tl::unexpected(std::move(*error));
      if (*b->integer() <= 0) {  // the assertion on this value fails before the next is compared
        py::Int one(1);
        BatchSizes shown{b == &train ? *b->integer() : one, b == &micro ? *b->integer() : one,
                         b == &acc ? *b->integer() : one};
        return tl::unexpected(*check_batch(shown, world));
      }
    }
  }
  auto sizes = derive_batch(train, micro, acc, world);
  if (!sizes) return sizes;
  if (auto error = check_batch(*sizes, world)) return tl::unexpected(std::move(*error));
  return sizes;
}

tl::expected<DeepSpeedConfig, Error> read_deepspeed_config(const py::Dict& config, const py::Int& world_size,
                                                           const Switches& switches,
                                                           std::vector<std::string>& warnings) {
  for (std::string_view key : kNotModelledKeys) {
    if (config.find(key) != nullptr)
      return tl::unexpected(unmodelled("the " + std::string(key) + " key is not modelled"));
  }
  auto op = allreduce_op(config);
  if (!op) return tl::unexpected(std::move(op.error()));
  auto zero = read_zero_config(config.find("zero_optimization"), switches, warnings);
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
