// The precision blocks' flags, read as DeepSpeedConfigModel and pydantic read them.
#include "reference/precision_config.hpp"

#include "reference/config_model_init.hpp"
#include "reference/pydantic_lax.hpp"
#include "reference/zero_config.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <string>
#include <string_view>

namespace zfcheck {

namespace {

// What the model knows a field of a precision block accepts; anything else it declines rather than guess
// at (upstream validates these fields with validators of their own that differ between revisions).
enum class Accepts {
  flag,          // bool, as pydantic reads one
  scale,         // loss_scale: an int or a finite float >= 0
  integer,       // an int
  positive_int,  // loss_scale_window, min_loss_scale: an int > 0 (checked when dynamic scaling is on)
};
struct PrecisionField {
  std::string_view name;
  Accepts accepts;
};
// runtime/precision_config.py's DeepSpeedFP16Config and DeepSpeedBF16Config fields.
constexpr std::array<PrecisionField, 9> kFp16Fields{{
    {"enabled", Accepts::flag},
    {"auto_cast", Accepts::flag},
    {"loss_scale", Accepts::scale},
    {"initial_scale_power", Accepts::integer},
    {"loss_scale_window", Accepts::positive_int},
    {"hysteresis", Accepts::integer},
    {"consecutive_hysteresis", Accepts::flag},
    {"min_loss_scale", Accepts::positive_int},
    {"fp16_master_weights_and_grads", Accepts::flag},
}};
constexpr std::array<PrecisionField, 5> kBf16Fields{{
    {"enabled", Accepts::flag},
    {"immediate_grad_update", Accepts::flag},
    {"check_grad_overflow", Accepts::flag},
    {"bf16_master_weights_and_grads", Accepts::flag},
    {"bf16_optimizer_states", Accepts::flag},
}};

bool plainly_valid(const py::Value& v, Accepts accepts) {
  const py::Int* i = v.as<py::Int>();
  switch (accepts) {
    case Accepts::flag:
      return pydantic::lax_bool(v).has_value();
    case Accepts::scale: {
      const double* f = v.as<double>();
      return (i != nullptr && *i >= 0) || (f != nullptr && std::isfinite(*f) && *f >= 0);
    }
    case Accepts::integer:
      return i != nullptr;
    case Accepts::positive_int:
      return i != nullptr && *i > 0;
  }
  return false;
}

// The block under `key`, or an unmodelled error naming the first field the model cannot vouch for;
// nullptr when absent.
tl::expected<const py::Dict*, Error> block(const py::Value* value, std::string_view key,
                                           std::span<const PrecisionField> fields) {
  if (value == nullptr) return nullptr;
  const py::Dict* dict = value->as<py::Dict>();
  if (dict == nullptr)
    return tl::unexpected(unmodelled(std::string(key) + " that is not an object is not modelled"));
  if (auto error = self_key_error(*dict)) return tl::unexpected(std::move(*error));
  InitData data(*dict);
  for (const auto& entry : dict->entries()) {
    if (!data.passes(entry)) continue;
    auto field = std::find_if(fields.begin(), fields.end(),
                              [&](const PrecisionField& f) { return entry.first == f.name; });
    if (field == fields.end() || !plainly_valid(entry.second, field->accepts)) {
      return tl::unexpected(
          unmodelled(std::string(key) + "." + entry.first.text + " of this value is not modelled"));
    }
  }
  return dict;
}

// One bool field of a block that block() accepted (false when the block or the field is absent).
bool flag(const py::Dict* dict, std::string_view field) {
  const py::Value* v = dict ? InitData(*dict).find(field) : nullptr;
  return v != nullptr && pydantic::lax_bool(*v).value_or(false);
}

}  // namespace

tl::expected<Precision, Error> read_precision(const py::Dict& config) {
  auto fp16 = block(config.find("fp16"), "fp16", kFp16Fields);
  if (!fp16) return tl::unexpected(std::move(fp16.error()));
  const py::Value* bf16_value = config.find("bf16");
  std::string_view bf16_key = "bf16";
  if (bf16_value == nullptr || bf16_value->kind() == py::Kind::none) {
    bf16_value = config.find("bfloat16");
    bf16_key = "bfloat16";
  }
  auto bf16 = block(bf16_value, bf16_key, kBf16Fields);
  if (!bf16) return tl::unexpected(std::move(bf16.error()));
  return Precision{flag(*fp16, "enabled"), flag(*fp16, "fp16_master_weights_and_grads"),
                   flag(*bf16, "enabled"), flag(*bf16, "bf16_master_weights_and_grads"),
                   flag(*bf16, "bf16_optimizer_states")};
}

}  // namespace zfcheck
