// The batch derivation and assertion with Python's int and float arithmetic, and sequence_parallel_size's
// world size.
#include "reference/batch_sizes.hpp"

#include "reference/zero_config.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <variant>

namespace zfcheck {

namespace {

constexpr std::string_view kTrainBatch = "train_batch_size";
constexpr std::string_view kMicroBatch = "train_micro_batch_size_per_gpu";
constexpr std::string_view kGradAcc = "gradient_accumulation_steps";
constexpr std::string_view kSequenceParallel = "sequence_parallel_size";
// A repeated batch value of up to 2**24 items is built; one of 2**48 or more cannot be (its bytes pass the
// 47-bit address space of a 64-bit Linux process), so Python's allocation fails; between, it depends on
// the machine's memory.
constexpr std::int64_t kLongestRepetition = std::int64_t{1} << 24;
constexpr std::int64_t kUnallocatable = std::int64_t{1} << 48;

// A batch value that is a str or a list, as the derivation carries it: Python repeats it when multiplied by
// an int, refuses every other arithmetic, and no comparison with 0 takes it; only its length matters.
struct Sequence {
  py::Kind kind;  // string or list
  py::Int length;
};
// A value the derivation computes with: a number, a sequence, or a dict (which no arithmetic takes).
struct Dict {};
using Operand = std::variant<py::Number, Sequence, Dict>;

std::string type_of(const Operand& o) {
  if (const py::Number* n = std::get_if<py::Number>(&o)) {
    if (std::holds_alternative<py::Int>(*n)) return "int";
    return std::holds_alternative<double>(*n) ? "float" : "bool";
  }
  if (const Sequence* s = std::get_if<Sequence>(&o)) return s->kind == py::Kind::string ? "str" : "list";
  return "dict";
}

// The operand `v` is, or nothing for None.
std::optional<Operand> operand(const py::Value* v) {
  if (v == nullptr) return std::nullopt;
  if (const py::Int* i = v->as<py::Int>()) return Operand(py::Number(*i));
  if (const double* f = v->as<double>()) return Operand(py::Number(*f));
  if (const bool* b = v->as<bool>()) return Operand(py::Number(*b));
  if (const py::Str* s = v->as<py::Str>()) {
    std::size_t code_points = 0;
    for (char c : s->text) code_points += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return Operand(Sequence{py::Kind::string, py::Int(code_points)});
  }
  if (const py::List* l = v->as<py::List>()) return Operand(Sequence{py::Kind::list, py::Int(l->size())});
  return Operand(Dict{});
}

// A batch value as get_scalar_param gives it: None (absent or null) or another Python value.
struct BatchValue {
  std::string_view key;
  std::optional<Operand> value;

  bool is_none() const { return !value.has_value(); }
};

BatchValue batch_value(const py::Dict& config, std::string_view key) {
  const py::Value* v = config.find(key);
  return BatchValue{key, operand(v != nullptr && v->kind() == py::Kind::none ? nullptr : v)};
}

using Derived = tl::expected<Operand, Error>;

// `a // b` (`op` "//" or "//=" as upstream writes the step): numbers only.
Derived floor_divide(const Operand& a, const Operand& b, std::string_view op) {
  const py::Number* x = std::get_if<py::Number>(&a);
  const py::Number* y = std::get_if<py::Number>(&b);
  if (x == nullptr || y == nullptr) {
    return tl::unexpected(operand_type_error(op, type_of(a), type_of(b)));
  }
  auto q = py::number_floor_divide(*x, *y);
  if (!q) return tl::unexpected(q.error());
  return Operand(*q);
}

// Python's `seq * count` for a str or a list: an int count (a bool is one) repeats it; a count that is no
// index-sized integer, a result longer than an index or one no process can allocate raises as CPython
// does; a result whose allocation depends on the memory Python has is not modelled.
Derived repeat(const Sequence& seq, const Operand& count, std::string_view key) {
  const py::Number* n = std::get_if<py::Number>(&count);
  if (n == nullptr || std::holds_alternative<double>(*n))
    return tl::unexpected(
        raised("TypeError", "can't multiply sequence by non-int of type '" + type_of(count) + "'"));
  const py::Int times =
      std::holds_alternative<bool>(*n) ? py::Int(std::get<bool>(*n) ? 1 : 0) : std::get<py::Int>(*n);
  constexpr std::int64_t kIndexMax = std::numeric_limits<std::int64_t>::max();
  if (times > kIndexMax || times < std::numeric_limits<std::int64_t>::min())
    return tl::unexpected(raised("OverflowError", "cannot fit 'int' into an index-sized integer"));
  if (times <= 0 || seq.length == 0) return Operand(Sequence{seq.kind, py::Int(0)});
  const py::Int length = seq.length * times;
  if (length > kIndexMax && seq.kind == py::Kind::string)
    return tl::unexpected(raised("OverflowError", "repeated string is too long"));
  if (length >= kUnallocatable) return tl::unexpected(raised("MemoryError", ""));
  if (length > kLongestRepetition)
    return tl::unexpected(unmodelled(std::string(key) + " repeated into a " + type_of(Operand(seq)) +
                                     " this long is not modelled"));
  return Operand(Sequence{seq.kind, length});
}

// `a * b` (`op` "*" or "*=" as upstream writes the step): numbers multiply, a sequence repeats (the left
// one when both are), a dict is refused.
Derived multiply(const Operand& a, const Operand& b, std::string_view op, std::string_view key) {
  if (const Sequence* s = std::get_if<Sequence>(&a)) return repeat(*s, b, key);
  if (const Sequence* s = std::get_if<Sequence>(&b)) return repeat(*s, a, key);
  const py::Number* x = std::get_if<py::Number>(&a);
  const py::Number* y = std::get_if<py::Number>(&b);
  if (x == nullptr || y == nullptr) {
    return tl::unexpected(operand_type_error(op, type_of(a), type_of(b)));
  }
  auto p = py::number_multiply(*x, *y);
  if (!p) return tl::unexpected(p.error());
  return Operand(*p);
}

// `value > 0` in _batch_assertion: a number compares; anything else is a TypeError.
tl::expected<py::Number, Error> comparable(const Operand& value) {
  if (const py::Number* n = std::get_if<py::Number>(&value)) return *n;
  return tl::unexpected(comparison_type_error(">", type_of(value), "int"));
}

// The three values after _set_batch_related_parameters: each step as upstream writes it, left to right,
// the first failing step's error.
struct DerivedBatch {
  Operand train;
  Operand micro;
  Operand acc;
};

// _set_batch_related_parameters: fills in the values not given, with Python's arithmetic.
tl::expected<DerivedBatch, Error> derive_batch(const BatchValue& train, const BatchValue& micro,
                                               const BatchValue& acc, const py::Number& world_number) {
  const Operand world(world_number);
  const Operand one(py::Number(py::Int(1)));
  if (!train.is_none() && !micro.is_none() && !acc.is_none()) {
    return DerivedBatch{*train.value, *micro.value, *acc.value};  // all given: nothing is set
  }
  if (train.is_none() &&
      micro.is_none()) {  // whatever gradient_accumulation_steps is: nothing derives from it
    return tl::unexpected(raised(
        "AssertionError", "Either train_batch_size or train_micro_batch_size_per_gpu needs to be provided"));
  }
  const auto then = [](Derived first, auto second) -> Derived { return first ? second(*first) : first; };
  if (!train.is_none() && !micro.is_none()) {  // grad_acc = train // micro; grad_acc //= world
    auto steps = then(floor_divide(*train.value, *micro.value, "//"),
                      [&](const Operand& a) { return floor_divide(a, world, "//="); });
    if (!steps) return tl::unexpected(steps.error());
    return DerivedBatch{*train.value, *micro.value, *steps};
  }
  if (!train.is_none() && !acc.is_none()) {  // micro = train // world; micro //= grad_acc
    auto micro_batch = then(floor_divide(*train.value, world, "//"),
                            [&](const Operand& m) { return floor_divide(m, *acc.value, "//="); });
    if (!micro_batch) return tl::unexpected(micro_batch.error());
    return DerivedBatch{*train.value, *micro_batch, *acc.value};
  }
  if (!micro.is_none() && !acc.is_none()) {  // train = micro * grad_acc; train *= world
    auto train_batch = then(multiply(*micro.value, *acc.value, "*", micro.key),
                            [&](const Operand& t) { return multiply(t, world, "*=", micro.key); });
    if (!train_batch) return tl::unexpected(train_batch.error());
    return DerivedBatch{*train_batch, *micro.value, *acc.value};
  }
  if (!train.is_none()) {  // grad_acc = 1; micro = train // world
    auto micro_batch = floor_divide(*train.value, world, "//");
    if (!micro_batch) return tl::unexpected(micro_batch.error());
    return DerivedBatch{*train.value, *micro_batch, one};
  }
  auto train_batch =
      multiply(*micro.value, world, "*", micro.key);  // only the micro batch: train = micro * world
  if (!train_batch) return tl::unexpected(train_batch.error());
  return DerivedBatch{*train_batch, *micro.value, one};
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

}  // namespace

tl::expected<py::Number, Error> effective_world_size(const py::Dict& config, const py::Int& world) {
  const py::Value* v = config.find(kSequenceParallel);
  if (v == nullptr) return py::Number(world);
  const py::Int* i = v->as<py::Int>();
  const bool* b = v->as<bool>();
  if (i != nullptr || b != nullptr) {  // int / int (a bool is one): the exact quotient, rounded once
    const py::Int divisor = i ? *i : py::Int(*b ? 1 : 0);
    if (divisor == 0) return tl::unexpected(raised("ZeroDivisionError", "division by zero"));
    auto divided = py::true_divide(world, divisor);
    if (!divided)
      return tl::unexpected(raised("OverflowError", "integer division result too large for a float"));
    return py::Number(*divided);
  }
  if (const double* f = v->as<double>()) {  // int / float: the int converted first
    if (*f == 0.0) return tl::unexpected(raised("ZeroDivisionError", "float division by zero"));
    auto w = py::to_double(world);
    if (!w) return tl::unexpected(raised("OverflowError", "int too large to convert to float"));
    return py::Number(*w / *f);
  }
  return tl::unexpected(operand_type_error("/", "int", py::type_name(*v)));
}

tl::expected<BatchSizes, Error> batch_sizes(const py::Dict& config, const py::Int& world_size) {
  auto world = effective_world_size(config, world_size);
  if (!world) return tl::unexpected(std::move(world.error()));
  auto derived = derive_batch(batch_value(config, kTrainBatch), batch_value(config, kMicroBatch),
                              batch_value(config, kGradAcc), *world);
  if (!derived) return tl::unexpected(std::move(derived.error()));
  // _batch_assertion: each value compared with 0 before the next is read.
  const py::Number one(py::Int(1));
  BatchSizes sizes{one, one, one};
  py::Number* slots[] = {&sizes.train_batch_size, &sizes.train_micro_batch_size_per_gpu,
                         &sizes.gradient_accumulation_steps};
  const Operand* values[] = {&derived->train, &derived->micro, &derived->acc};
  for (int k = 0; k < 3; ++k) {
    auto n = comparable(*values[k]);
    if (!n) return tl::unexpected(std::move(n.error()));
    *slots[k] = *n;
    if (!py::number_positive(*n)) return tl::unexpected(check_batch(sizes, *world).error());
  }
  if (auto checked = check_batch(sizes, *world); !checked) return tl::unexpected(std::move(checked.error()));
  return sizes;
}

}  // namespace zfcheck
