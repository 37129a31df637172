// The fp16 and bf16 blocks, validated as DeepSpeedFP16Config and DeepSpeedBF16Config validate them.
#include "reference/precision_config.hpp"

#include "reference/config_model_init.hpp"
#include "reference/py_text_number.hpp"
#include "reference/pydantic_lax.hpp"
#include "reference/zero_config.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <span>
#include <string>
#include <string_view>

namespace zfcheck {

namespace {

// How runtime/precision_config.py declares a field.
enum class Declared {
  flag,             // bool
  loss_scale,       // float, after _validate_loss_scale (mode="before")
  integer,          // int
  checked_integer,  // int, after _reject_non_integer_scale_params (mode="before")
};
struct PrecisionField {
  std::string_view name;
  Declared declared;
};
// DeepSpeedFP16Config and DeepSpeedBF16Config (runtime/precision_config.py), their fields in declaration
// order (the same at every modelled revision).
constexpr std::string_view kFp16Class = "deepspeed.runtime.precision_config.DeepSpeedFP16Config";
constexpr std::string_view kBf16Class = "deepspeed.runtime.precision_config.DeepSpeedBF16Config";
constexpr std::array<PrecisionField, 9> kFp16Fields{{
    {"enabled", Declared::flag},
    {"auto_cast", Declared::flag},
    {"loss_scale", Declared::loss_scale},
    {"initial_scale_power", Declared::integer},
    {"loss_scale_window", Declared::checked_integer},
    {"hysteresis", Declared::integer},
    {"consecutive_hysteresis", Declared::flag},
    {"min_loss_scale", Declared::checked_integer},
    {"fp16_master_weights_and_grads", Declared::flag},
}};
constexpr std::array<PrecisionField, 5> kBf16Fields{{
    {"enabled", Declared::flag},
    {"immediate_grad_update", Declared::flag},
    {"check_grad_overflow", Declared::flag},
    {"bf16_master_weights_and_grads", Declared::flag},
    {"bf16_optimizer_states", Declared::flag},
}};

// What a block's fields hold after validation (the defaults where not given).
struct Values {
  std::map<std::string_view, bool> flags;
  double loss_scale = 0;
  py::Int loss_scale_window = 1000;
  py::Int min_loss_scale = 1;
};

// A ValueError one of the fp16 validators raises, as pydantic reports it: at the field's path (none for the
// model validator), its text naming the field "fp16.<name>" whichever key the block came from.
Error value_error(std::optional<std::string> path, std::string_view field, std::string_view what) {
  return Error{"ValidationError", std::move(path),
               "Value error, fp16." + std::string(field) + " " + std::string(what)};
}

// _validate_loss_scale: float(v) for anything but a bool, then finite and >= 0. float() of an int too large
// for a float raises OverflowError, which the validator does not catch.
tl::expected<double, Error> loss_scale(const py::Value& v, const std::string& path) {
  auto refuse = [&](std::string_view what) { return tl::unexpected(value_error(path, "loss_scale", what)); };
  if (v.kind() == py::Kind::boolean) return refuse("must be a number, not bool");
  double f = 0;
  if (const py::Int* i = v.as<py::Int>()) {
    auto d = py::to_double(*i);
    if (!d) return tl::unexpected(raised("OverflowError", "int too large to convert to float"));
    f = *d;
  } else if (const double* d = v.as<double>()) {
    f = *d;
  } else if (const py::Str* s = v.as<py::Str>()) {
    auto read = py::float_of_text(*s);
    if (std::holds_alternative<py::TextNotModelled>(read))
      return tl::unexpected(unmodelled(path + " given as this text is not modelled"));
    if (std::holds_alternative<py::TextRefused>(read)) return refuse("must be a number");
    f = std::get<double>(read);
  } else {
    return refuse("must be a number");
  }
  if (!std::isfinite(f)) return refuse("must be a finite number (not inf/-inf/nan)");
  if (f < 0) return refuse("must be >= 0 (0 enables dynamic loss scaling)");
  return f;
}

// _reject_non_integer_scale_params (no bool, no inf or nan, something int() takes), then pydantic's int.
tl::expected<py::Int, Error> checked_integer(const py::Value& v, std::string_view name,
                                             const std::string& path) {
  auto refuse = [&](std::string_view what) { return tl::unexpected(value_error(path, name, what)); };
  if (v.kind() == py::Kind::boolean) return refuse("must be an integer, not bool");
  if (const double* d = v.as<double>(); d != nullptr && !std::isfinite(*d))
    return refuse("must be a finite number (not inf/-inf/nan)");
  if (const py::Str* s = v.as<py::Str>()) {
    auto read = py::int_of_text(*s);
    if (std::holds_alternative<py::TextNotModelled>(read))
      return tl::unexpected(unmodelled(path + " given as this text is not modelled"));
    if (std::holds_alternative<py::TextRefused>(read)) return refuse("must be an integer");
  } else if (v.as<py::Int>() == nullptr && v.as<double>() == nullptr) {
    return refuse("must be an integer");
  }
  auto i = pydantic::lax_int(v);
  if (!i) return tl::unexpected(Error{"ValidationError", path, std::string(i.error().message)});
  return *i;
}

// One field into `out`: nothing when valid, else its error.
std::optional<Error> validate_field(const py::Value& v, const PrecisionField& field, const std::string& path,
                                    Values& out) {
  auto lax_issue = [&](const pydantic::Issue& issue) {
    return Error{"ValidationError", path, std::string(issue.message)};
  };
  switch (field.declared) {
    case Declared::flag: {
      auto b = pydantic::lax_bool(v);
      if (!b) return lax_issue(b.error());
      out.flags[field.name] = *b;
      return std::nullopt;
    }
    case Declared::loss_scale: {
      auto f = loss_scale(v, path);
      if (!f) return std::move(f.error());
      out.loss_scale = *f;
      return std::nullopt;
    }
    case Declared::integer: {
      auto i = pydantic::lax_int(v);
      if (!i) return lax_issue(i.error());
      return std::nullopt;
    }
    case Declared::checked_integer: {
      auto i = checked_integer(v, field.name, path);
      if (!i) return std::move(i.error());
      (field.name == "loss_scale_window" ? out.loss_scale_window : out.min_loss_scale) = std::move(*i);
      return std::nullopt;
    }
  }
  return std::nullopt;
}

// _validate_dynamic_loss_scale_params, the model validator, after every field passed.
std::optional<Error> dynamic_loss_scale_check(const Values& values) {
  auto enabled = values.flags.find("enabled");
  if (enabled == values.flags.end() || !enabled->second || values.loss_scale != 0) return std::nullopt;
  for (const auto& [field, value] :
       {std::pair<std::string_view, const py::Int*>{"loss_scale_window", &values.loss_scale_window},
        {"min_loss_scale", &values.min_loss_scale}}) {
    if (*value <= 0)
      return value_error(std::nullopt, field,
                         "must be > 0 when dynamic loss scaling is enabled (loss_scale=0)");
  }
  return std::nullopt;
}

// The block under `key` validated: field errors in declaration order, then one per unknown key
// (extra="forbid"); an exception a validator lets through (OverflowError) ends validation at once.
tl::expected<Values, Error> validate_block(const py::Value* value, std::string_view key,
                                           std::string_view class_path,
                                           std::span<const PrecisionField> fields) {
  Values out;
  if (value == nullptr) return out;
  const py::Dict* dict = value->as<py::Dict>();
  if (dict == nullptr) return tl::unexpected(not_a_mapping_error(class_path, *value));
  if (auto error = self_key_error(*dict)) return tl::unexpected(std::move(*error));
  InitData data(*dict);
  if (auto error = key_not_text_error(*dict, data, std::nullopt)) return tl::unexpected(std::move(*error));
  std::optional<Error> first;
  for (const PrecisionField& field : fields) {
    const py::Value* v = data.find(field.name);
    if (v == nullptr) continue;
    auto error = validate_field(*v, field, std::string(key) + "." + std::string(field.name), out);
    if (error && error->type != "ValidationError") return tl::unexpected(std::move(*error));
    if (error && !first) first = std::move(error);
  }
  for (const auto& entry : dict->entries()) {
    if (!data.passes(entry)) continue;
    const py::Str& name = entry.first;
    bool declared =
        std::any_of(fields.begin(), fields.end(), [&](const PrecisionField& f) { return name == f.name; });
    if (!declared && !first)
      first = Error{"ValidationError", std::string(key) + "." + name.text, "Extra inputs are not permitted"};
  }
  if (!first) first = dynamic_loss_scale_check(out);
  if (first) return tl::unexpected(std::move(*first));
  return out;
}

bool flag(const Values& values, std::string_view name) {
  auto it = values.flags.find(name);
  return it != values.flags.end() && it->second;
}

}  // namespace

tl::expected<Precision, Error> read_precision(const py::Dict& config) {
  auto fp16 = validate_block(config.find("fp16"), "fp16", kFp16Class, kFp16Fields);
  if (!fp16) return tl::unexpected(std::move(fp16.error()));
  const py::Value* bf16_value = config.find("bf16");
  std::string_view bf16_key = "bf16";
  if (bf16_value == nullptr || bf16_value->kind() == py::Kind::none) {
    bf16_value = config.find("bfloat16");
    bf16_key = "bfloat16";
  }
  auto bf16 = validate_block(bf16_value, bf16_key, kBf16Class, kBf16Fields);
  if (!bf16) return tl::unexpected(std::move(bf16.error()));
  return Precision{flag(*fp16, "enabled"), flag(*fp16, "fp16_master_weights_and_grads"),
                   flag(*bf16, "enabled"), flag(*bf16, "bf16_master_weights_and_grads"),
                   flag(*bf16, "bf16_optimizer_states")};
}

}  // namespace zfcheck
