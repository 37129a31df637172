// ZenFlowConfig: its fields, and how upstream's config classes validate a `zenflow` block (pydantic v2).
#pragma once

#include "reference/error.hpp"
#include "reference/profile.hpp"
#include "reference/pydantic_lax.hpp"
#include "reference/py_value.hpp"
#include "reference/zenflow_fields.hpp"

#include <tl/expected.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <string_view>
#include <variant>

namespace zfcheck {

using pydantic::StrOrInt;

// The validated config: every field after coercion, in declaration order (the fields' table,
// defaults included, is reference/zenflow_fields.hpp; default_config() holds the defaults).
struct ZenFlowConfig {
  double topk_ratio = 0;
  py::Str select_strategy;
  StrOrInt select_interval;
  StrOrInt update_interval;
  bool overlap_step = false;
  bool offload = false;
  double auto_ratio = 0;
  py::Int full_warm_up_rounds;
  double pt_reserved_cores_perc = 0;
  std::optional<py::Int> steps_per_epoch;

  bool operator==(const ZenFlowConfig&) const = default;
};

// A member of ZenFlowConfig. Alternative i is a member holding what DeclaredType i validates to.
using ConfigMember = std::variant<double ZenFlowConfig::*,                   // unit_float
                                  py::Str ZenFlowConfig::*,                  // str
                                  StrOrInt ZenFlowConfig::*,                 // str_or_int
                                  bool ZenFlowConfig::*,                     // boolean
                                  py::Int ZenFlowConfig::*,                  // integer
                                  std::optional<py::Int> ZenFlowConfig::*>;  // optional_integer

// The member a field of `type` is validated into.
template <DeclaredType type>
using MemberOf = std::variant_alternative_t<static_cast<std::size_t>(type), ConfigMember>;

// The member of each row of kZenFlowFields, in the rows' order: what validation, the eval format's
// writer and its reader loop over.
inline constexpr std::array<ConfigMember, kZenFlowFields.size()> kConfigMembers{{
    &ZenFlowConfig::topk_ratio,
    &ZenFlowConfig::select_strategy,
    &ZenFlowConfig::select_interval,
    &ZenFlowConfig::update_interval,
    &ZenFlowConfig::overlap_step,
    &ZenFlowConfig::offload,
    &ZenFlowConfig::auto_ratio,
    &ZenFlowConfig::full_warm_up_rounds,
    &ZenFlowConfig::pt_reserved_cores_perc,
    &ZenFlowConfig::steps_per_epoch,
}};

static_assert(
    [] {
      for (std::size_t i = 0; i < kZenFlowFields.size(); ++i) {
        if (kConfigMembers[i].index() != static_cast<std::size_t>(kZenFlowFields[i].type)) return false;
      }
      return true;
    }(),
    "each member of kConfigMembers holds what its row's DeclaredType validates to");

// The config every absent field leaves as it is: each field's default (reference/zenflow_fields.hpp),
// validated as a given value would be.
const ZenFlowConfig& default_config();

// `DeepSpeedZeroConfig(zenflow=block)`: nothing when ZenFlow is off (`null`, or "auto" which the
// config base class drops), the config, or the error validation raises (a ValidationError carrying
// pydantic's first error, or the TypeError of a "self" key).
tl::expected<std::optional<ZenFlowConfig>, Error> validate_zenflow(const py::Value& block,
                                                                   const Switches& switches);

// ZenFlowConfig.validate_fields, run after field validation and again on every assignment:
// the message of the first check that fails, or nothing.
std::optional<std::string_view> model_validator_failure(const ZenFlowConfig& config, const Switches& switches);

// `ValidationError` for a model-validator failure, as pydantic wraps the ValueError.
Error model_validator_error(std::string_view message);

}  // namespace zfcheck
