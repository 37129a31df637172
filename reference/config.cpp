// Validation of the zenflow block: the base class's custom __init__, field coercion, extras, validate_fields.
#include "reference/config.hpp"

#include "reference/config_model_init.hpp"
#include "reference/py_json.hpp"

#include <algorithm>
#include <array>
#include <type_traits>

namespace zfcheck {

namespace {

Error validation_error(std::optional<std::string> field, std::string_view message) {
  return Error{"ValidationError", std::move(field), std::string(message)};
}

Error field_error(std::string_view field, const pydantic::Issue& issue) {
  return validation_error(std::string(field), issue.message);
}

// Stores a coerced value in the member of a field of `type`: nothing, or the coercion's issue.
template <DeclaredType type, class T>
std::optional<pydantic::Issue> store(tl::expected<T, pydantic::Issue> coerced, const ConfigMember& member,
                                     ZenFlowConfig& cfg) {
  static_assert(std::is_same_v<MemberOf<type>, T ZenFlowConfig::*> ||
                    std::is_same_v<MemberOf<type>, std::optional<T> ZenFlowConfig::*>,
                "the coercion of a DeclaredType gives what its member holds");
  if (!coerced) return coerced.error();
  cfg.*std::get<MemberOf<type>>(member) = std::move(*coerced);
  return std::nullopt;
}

// One field's value coerced as its row's declared type says, into its member of `cfg`.
std::optional<pydantic::Issue> validate_field(const py::Value& input, const ZenFlowField& field,
                                              const ConfigMember& member, const Switches& switches,
                                              ZenFlowConfig& cfg) {
  switch (field.type) {
    case DeclaredType::unit_float: {
      auto coerced = pydantic::lax_float(input);
      bool open = field.open_interval_switch != nullptr && switches.*field.open_interval_switch;
      if (auto issue = coerced ? pydantic::check_unit_interval(*coerced, open) : std::nullopt) return issue;
      return store<DeclaredType::unit_float>(std::move(coerced), member, cfg);
    }
    case DeclaredType::str:
      return store<DeclaredType::str>(pydantic::lax_str(input), member, cfg);
    case DeclaredType::str_or_int:
      // pydantic lists the str member's error first.
      return store<DeclaredType::str_or_int>(
          pydantic::lax_str_or_int(input).map_error([](const auto& issues) { return issues.front(); }),
          member, cfg);
    case DeclaredType::boolean:
      return store<DeclaredType::boolean>(pydantic::lax_bool(input), member, cfg);
    case DeclaredType::integer:
      return store<DeclaredType::integer>(pydantic::lax_int(input), member, cfg);
    case DeclaredType::optional_integer:
      // null leaves the field as it is (None: every config starts from the defaults).
      if (input.kind() == py::Kind::none) return std::nullopt;
      return store<DeclaredType::optional_integer>(pydantic::lax_int(input), member, cfg);
  }
  return std::nullopt;
}

// Field validation in declaration order; the first failure is the error pydantic lists first. `data`
// gives a field's value, or nullptr when the field keeps what `cfg` holds.
template <class Data>
std::optional<Error> validate_fields(const Data& data, const Switches& switches, ZenFlowConfig& cfg) {
  for (std::size_t i = 0; i < kZenFlowFields.size(); ++i) {
    const py::Value* value = data.find(kZenFlowFields[i].name);
    if (value == nullptr) continue;
    if (auto issue = validate_field(*value, kZenFlowFields[i], kConfigMembers[i], switches, cfg)) {
      return field_error(kZenFlowFields[i].name, *issue);
    }
  }
  return std::nullopt;
}

// extra="forbid": after the field errors, one entry per unknown key in the block's order.
std::optional<Error> forbid_extras(const py::Dict& dict, const InitData& data) {
  for (const auto& entry : dict.entries()) {
    if (!data.passes(entry)) continue;
    if (std::find(kConfigFields.begin(), kConfigFields.end(), entry.first.text) == kConfigFields.end()) {
      return validation_error(entry.first.text, "Extra inputs are not permitted");
    }
  }
  return std::nullopt;
}

bool is_str_other_than_auto(const StrOrInt& value) {
  const py::Str* s = std::get_if<py::Str>(&value);
  return s != nullptr && !(*s == "auto");
}

// Each field's default from the fields' table.
class TableDefaults {
 public:
  TableDefaults() {
    for (std::size_t i = 0; i < kZenFlowFields.size(); ++i) values_[i] = *py::parse_json(kZenFlowFields[i].default_value);
  }
  const py::Value* find(std::string_view key) const {
    for (std::size_t i = 0; i < kZenFlowFields.size(); ++i) {
      if (kZenFlowFields[i].name == key) return &values_[i];
    }
    return nullptr;
  }

 private:
  std::array<py::Value, kZenFlowFields.size()> values_;
};

}  // namespace

const ZenFlowConfig& default_config() {
  static const ZenFlowConfig defaults = [] {
    ZenFlowConfig cfg;
    validate_fields(TableDefaults(), Switches{}, cfg);
    return cfg;
  }();
  return defaults;
}

std::optional<std::string_view> model_validator_failure(const ZenFlowConfig& cfg, const Switches& switches) {
  const py::Str& strategy = cfg.select_strategy;
  if (!(strategy == "auto" || strategy == "step" || strategy == "epoch")) {
    return R"(select_strategy must be one of "auto", "step", or "epoch")";
  }
  if (is_str_other_than_auto(cfg.select_interval)) return R"(If select_interval is a string, it must be "auto")";
  if (is_str_other_than_auto(cfg.update_interval)) return R"(If update_interval is a string, it must be "auto")";
  if (switches.update_interval_min_1) {
    const py::Int* u = std::get_if<py::Int>(&cfg.update_interval);
    if (u != nullptr && *u < 1) return "If update_interval is a number, it must be at least 1";
  }
  if (switches.steps_per_epoch_min_1 && cfg.steps_per_epoch && *cfg.steps_per_epoch < 1) {
    return "If steps_per_epoch is set, it must be at least 1";
  }
  return std::nullopt;
}

Error model_validator_error(std::string_view message) {
  return validation_error(std::nullopt, "Value error, " + std::string(message));
}

tl::expected<std::optional<ZenFlowConfig>, Error> validate_zenflow(const py::Value& block, const Switches& switches) {
  if (block.kind() == py::Kind::none || block.is_auto()) return std::nullopt;
  const py::Dict* dict = block.as<py::Dict>();
  if (dict == nullptr) {
    return tl::unexpected(validation_error(std::nullopt, "Input should be a valid dictionary or instance of ZenFlowConfig"));
  }
  if (auto error = self_key_error(*dict)) return tl::unexpected(std::move(*error));
  InitData data(*dict);
  if (auto error = key_not_text_error(*dict, data, std::nullopt)) return tl::unexpected(std::move(*error));
  ZenFlowConfig cfg = default_config();
  if (auto error = validate_fields(data, switches, cfg)) return tl::unexpected(std::move(*error));
  if (auto error = forbid_extras(*dict, data)) return tl::unexpected(std::move(*error));
  if (auto failure = model_validator_failure(cfg, switches)) return tl::unexpected(model_validator_error(*failure));
  return cfg;
}

}  // namespace zfcheck
