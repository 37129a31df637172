// The batch derivation and assertion with Python's int and float arithmetic, and sequence_parallel_size's
// world size.
#include "reference/batch_sizes.hpp"

#include "reference/zero_config.hpp"

#include <cmath>
#include <optional>
#include <string>

namespace zfcheck {

namespace {

constexpr std::string_view kTrainBatch = "train_batch_size";
constexpr std::string_view kMicroBatch = "train_micro_batch_size_per_gpu";
constexpr std::string_view kGradAcc = "gradient_accumulation_steps";
constexpr std::string_view kSequenceParallel = "sequence_parallel_size";
constexpr double kExactInts = 9007199254740992.0;  // 2**53: every int up to it is a double exactly

// A batch value as get_scalar_param gives it: None (absent or null), an int, or another Python value.
struct BatchValue {
  std::string_view key;
  const py::Value* value = nullptr;  // nullptr: None

  bool is_none() const { return value == nullptr; }
  const py::Int* integer() const { return value ? value->as<py::Int>() : nullptr; }
  // An int or a float as Python computes with it; nothing for None, a bool or a value of another type.
  std::optional<py::Number> number() const {
    if (const py::Int* i = integer()) return py::Number(*i);
    if (const double* f = value ? value->as<double>() : nullptr) return py::Number(*f);
    return std::nullopt;
  }
};

BatchValue batch_value(const py::Dict& config, std::string_view key) {
  const py::Value* v = config.find(key);
  return BatchValue{key, v != nullptr && v->kind() == py::Kind::none ? nullptr : v};
}

// `value > 0` for a value that is not None: an int or a float compares; a str, list or dict raises
// TypeError; a bool (which compares as a number but prints as True or False, and is no int of the eval
// format's results) is not modelled.
std::optional<Error> refuse_uncomparable(const BatchValue& b) {
  switch (b.value->kind()) {
    case py::Kind::integer:
    case py::Kind::floating:
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
// * repeats by an int and is refused by a float), then _batch_assertion's `train_batch > 0` on a str.
// `world` is "int" or "float", the world size's type. Nothing when no str is involved.
std::optional<Error> derive_with_str(const BatchValue& train, const BatchValue& micro, const BatchValue& acc,
                                     std::string_view world) {
  if (!is_str(train) && !is_str(micro) && !is_str(acc)) return std::nullopt;
  for (const BatchValue* b : {&train, &micro, &acc}) {
    if (!b->is_none() && !is_str(*b) && !is_int(*b)) {
      return unmodelled(std::string(b->key) + " of this type is not modelled");
    }
  }
  // A str times the world size: repeated by an int (then compared with 0), refused by a float.
  const Error times_world =
      world == "int" ? raised("TypeError", "'>' not supported between instances of 'str' and 'int'")
                     : raised("TypeError", "can't multiply sequence by non-int of type 'float'");
  if (!train.is_none() && !micro.is_none())
    return floor_division_type_error(train, py::type_name(*micro.value));
  if (!train.is_none() && !acc.is_none()) {
    if (is_str(train)) return floor_division_type_error(train, world);
    return raised("TypeError", "unsupported operand type(s) for //=: '" + std::string(world) +
                                   "' and 'str'");  // micro_batch //= grad_acc
  }
  if (!micro.is_none() && !acc.is_none()) {
    if (is_str(micro) && is_str(acc))
      return raised("TypeError", "can't multiply sequence by non-int of type 'str'");
    return times_world;  // train_batch_size is a repeated str, then times the world size
  }
  if (!train.is_none()) return floor_division_type_error(train, world);
  return times_world;  // only train_micro_batch_size_per_gpu, a str
}

// _set_batch_related_parameters: fills in the values not given, with Python's floor division and
// multiplication (left to right, as upstream writes them).
tl::expected<BatchSizes, Error> derive_batch(const BatchValue& train, const BatchValue& micro,
                                             const BatchValue& acc, const py::Number& world) {
  if (!train.is_none() && !micro.is_none() && !acc.is_none()) {
    return BatchSizes{*train.number(), *micro.number(), *acc.number()};  // all given: nothing is set
  }
  if (train.is_none() &&
      micro.is_none()) {  // whatever gradient_accumulation_steps is: nothing derives from it
    return tl::unexpected(raised(
        "AssertionError", "Either train_batch_size or train_micro_batch_size_per_gpu needs to be provided"));
  }
  if (auto error = derive_with_str(train, micro, acc, py::int_of(world) ? "int" : "float"))
    return tl::unexpected(std::move(*error));
  for (const BatchValue* b : {&train, &micro, &acc}) {
    if (!b->is_none() && !b->number()) {
      return tl::unexpected(unmodelled(std::string(b->key) + " of type " +
                                       std::string(py::type_name(*b->value)) +
                                       " is not modelled when another batch value is derived"));
    }
  }
  const auto value = [](const BatchValue& b) { return *b.number(); };
  // Each step as upstream writes it: a two-step derivation, the first step's error first.
  const auto two_steps = [](tl::expected<py::Number, Error> first,
                            auto second) -> tl::expected<py::Number, Error> {
    if (!first) return first;
    return second(*first);
  };
  if (!train.is_none() && !micro.is_none()) {  // grad_acc = train // micro; grad_acc //= world
    auto acc_steps = two_steps(py::number_floor_divide(value(train), value(micro)),
                               [&](const py::Number& a) { return py::number_floor_divide(a, world); });
    if (!acc_steps) return tl::unexpected(acc_steps.error());
    return BatchSizes{value(train), value(micro), *acc_steps};
  }
  if (!train.is_none() && !acc.is_none()) {  // micro = train // world; micro //= grad_acc
    auto micro_batch = two_steps(py::number_floor_divide(value(train), world),
                                 [&](const py::Number& m) { return py::number_floor_divide(m, value(acc)); });
    if (!micro_batch) return tl::unexpected(micro_batch.error());
    return BatchSizes{value(train), *micro_batch, value(acc)};
  }
  if (!micro.is_none() && !acc.is_none()) {  // train = micro * grad_acc; train *= world
    auto train_batch = two_steps(py::number_multiply(value(micro), value(acc)),
                                 [&](const py::Number& t) { return py::number_multiply(t, world); });
    if (!train_batch) return tl::unexpected(train_batch.error());
    return BatchSizes{*train_batch, value(micro), value(acc)};
  }
  if (!train.is_none()) {  // grad_acc = 1; micro = train // world
    auto micro_batch = py::number_floor_divide(value(train), world);
    if (!micro_batch) return tl::unexpected(micro_batch.error());
    return BatchSizes{value(train), *micro_batch, py::Int(1)};
  }
  auto train_batch = py::number_multiply(value(micro), world);  // only the micro batch: train = micro * world
  if (!train_batch) return tl::unexpected(train_batch.error());
  return BatchSizes{*train_batch, value(micro), py::Int(1)};
}

// _batch_assertion.
tl::expected<void, Error> check_batch(const BatchSizes& b, const py::Number& world) {
  const std::string t = py::number_text(b.train_batch_size);
  const std::string m = py::number_text(b.train_micro_batch_size_per_gpu);
  const std::string g = py::number_text(b.gradient_accumulation_steps);
  if (!py::number_positive(b.train_batch_size))
    return tl::unexpected(raised("AssertionError", "Train batch size: " + t + " has to be greater than 0"));
  if (!py::number_positive(b.train_micro_batch_size_per_gpu)) {
    return tl::unexpected(
        raised("AssertionError", "Micro batch size per gpu: " + m + " has to be greater than 0"));
  }
  if (!py::number_positive(b.gradient_accumulation_steps)) {
    return tl::unexpected(
        raised("AssertionError", "Gradient accumulation steps: " + g + " has to be greater than 0"));
  }
  auto per_step = py::number_multiply(b.train_micro_batch_size_per_gpu, b.gradient_accumulation_steps);
  if (!per_step) return tl::unexpected(per_step.error());
  auto product = py::number_multiply(*per_step, world);
  if (!product) return tl::unexpected(product.error());
  if (!py::number_equals(b.train_batch_size, *product)) {
    return tl::unexpected(raised("AssertionError",
                                 "Check batch related parameters. train_batch_size is not equal to "
                                 "micro_batch_per_gpu * gradient_acc_step * world_size " +
                                     t + " != " + m + " * " + g + " * " + py::number_text(world)));
  }
  return {};
}

// `world / divisor` for an int world and a float divisor (both exact doubles, so IEEE division rounds the
// quotient as Python's true division does), or nothing for a world too large to be one.
std::optional<double> true_division(const py::Int& world, double divisor) {
  auto w = py::to_double(world);
  if (!w || std::fabs(*w) > kExactInts) return std::nullopt;
  return *w / divisor;  // two exact doubles: IEEE division rounds as Python's does
}

}  // namespace

tl::expected<py::Number, Error> effective_world_size(const py::Dict& config, const py::Int& world) {
  const py::Value* v = config.find(kSequenceParallel);
  if (v == nullptr) return py::Number(world);
  const auto not_modelled = [](std::string why) {
    return tl::unexpected(unmodelled(std::string(kSequenceParallel) + " " + why + " is not modelled"));
  };
  std::optional<double> divided;
  if (const bool* b = v->as<bool>()) {
    if (!*b) return tl::unexpected(raised("ZeroDivisionError", "division by zero"));
    divided = true_division(world, 1.0);
  } else if (const py::Int* i = v->as<py::Int>()) {
    if (*i == 0) return tl::unexpected(raised("ZeroDivisionError", "division by zero"));
    auto d = py::to_double(*i);
    if (!d || py::Int(*d) != *i) return not_modelled("that is not exactly a float");
    divided = true_division(world, *d);
  } else if (const double* f = v->as<double>()) {
    if (*f == 0.0) return tl::unexpected(raised("ZeroDivisionError", "float division by zero"));
    divided = true_division(world, *f);
  } else {
    return tl::unexpected(raised("TypeError", "unsupported operand type(s) for /: 'int' and '" +
                                                  std::string(py::type_name(*v)) + "'"));
  }
  if (!divided || !std::isfinite(*divided) || *divided == 0.0)
    return not_modelled("giving a world size of zero or not finite");
  return py::Number(*divided);
}

tl::expected<BatchSizes, Error> batch_sizes(const py::Dict& config, const py::Int& world_size) {
  auto world = effective_world_size(config, world_size);
  if (!world) return tl::unexpected(std::move(world.error()));
  BatchValue train = batch_value(config, kTrainBatch);
  BatchValue micro = batch_value(config, kMicroBatch);
  BatchValue acc = batch_value(config, kGradAcc);
  if (!train.is_none() && !micro.is_none() && !acc.is_none()) {
    for (const BatchValue* b : {&train, &micro, &acc}) {
      if (auto error = refuse_uncomparable(*b)) return tl::unexpected(std::move(*error));
      if (!py::number_positive(*b->number())) {  // the assertion on this value fails before the next is compared
        const py::Number one(py::Int(1));
        BatchSizes shown{b == &train ? *b->number() : one, b == &micro ? *b->number() : one,
                         b == &acc ? *b->number() : one};
        return tl::unexpected(check_batch(shown, *world).error());
      }
    }
  }
  auto sizes = derive_batch(train, micro, acc, *world);
  if (!sizes) return sizes;
  if (auto checked = check_batch(*sizes, *world); !checked) return tl::unexpected(std::move(checked.error()));
  return sizes;
}

}  // namespace zfcheck
