// The precision blocks' flags, read as DeepSpeedConfigModel and pydantic read them.
#include "reference/precision_config.hpp"

#include "reference/config_model_init.hpp"
#include "reference/pydantic_lax.hpp"
#include "reference/zero_config.hpp"

#include <string>
#include <string_view>

namespace zfcheck {

namespace {

// The block under `key`, or an unmodelled error; nullptr when absent.
tl::expected<const py::Dict*, Error> block(const py::Value* value, std::string_view key) {
  if (value == nullptr) return nullptr;
  const py::Dict* dict = value->as<py::Dict>();
  if (dict == nullptr)
    return tl::unexpected(unmodelled(std::string(key) + " that is not an object is not modelled"));
  if (auto error = self_key_error(*dict)) return tl::unexpected(std::move(*error));
  return dict;
}

// One bool field of a block (false when the block or the field is absent).
tl::expected<bool, Error> flag(const py::Dict* dict, std::string_view key, std::string_view field) {
  if (dict == nullptr) return false;
  const py::Value* v = InitData(*dict).find(field);
  if (v == nullptr) return false;
  auto b = pydantic::lax_bool(*v);
  if (!b) {
    return tl::unexpected(
        unmodelled(std::string(key) + "." + std::string(field) + " that is not a bool is not modelled"));
  }
  return *b;
}

}  // namespace

tl::expected<Precision, Error> read_precision(const py::Dict& config) {
  auto fp16 = block(config.find("fp16"), "fp16");
  if (!fp16) return tl::unexpected(std::move(fp16.error()));
  const py::Value* bf16_value = config.find("bf16");
  std::string_view bf16_key = "bf16";
  if (bf16_value == nullptr || bf16_value->kind() == py::Kind::none) {
    bf16_value = config.find("bfloat16");
    bf16_key = "bfloat16";
  }
  auto bf16 = block(bf16_value, bf16_key);
  if (!bf16) return tl::unexpected(std::move(bf16.error()));
  Precision p;
  for (auto [dict, key, field, out] :
       {std::tuple{*fp16, std::string_view("fp16"), std::string_view("enabled"), &p.fp16_enabled},
        std::tuple{*fp16, std::string_view("fp16"), std::string_view("fp16_master_weights_and_grads"),
                   &p.fp16_master_weights_and_grads},
        std::tuple{*bf16, bf16_key, std::string_view("enabled"), &p.bf16_enabled},
        std::tuple{*bf16, bf16_key, std::string_view("bf16_master_weights_and_grads"),
                   &p.bf16_master_weights_and_grads},
        std::tuple{*bf16, bf16_key, std::string_view("bf16_optimizer_states"), &p.bf16_optimizer_states}}) {
    auto value = flag(dict, key, field);
    if (!value) return tl::unexpected(std::move(value.error()));
    *out = *value;
  }
  return p;
}

}  // namespace zfcheck
