// DeepSpeedZeroConfig's fields in declaration order, the offload_param, offload_optimizer and leaf_module
// sub-configs, the model validators, and the deprecated fields DeepSpeedConfigModel maps after validation.
#include "reference/zero_config.hpp"

#include "reference/config_model_init.hpp"
#include "reference/deepspeed_warnings.hpp"
#include "reference/pydantic_lax.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <span>
#include <string_view>

namespace zfcheck {

namespace {

constexpr std::string_view kSection = "zero_optimization";
constexpr std::string_view kZeroConfigClass = "deepspeed.runtime.zero.config.DeepSpeedZeroConfig";

// How a field of DeepSpeedZeroConfig or of its offload_optimizer block is declared.
enum class ZeroType {
  stage,             // ZeroStageEnum (int enum 0..3)
  device,            // OffloadDeviceEnum ("none", "cpu", "nvme") of offload_optimizer (ZenFlow reads it)
  param_device,      // OffloadDeviceEnum of offload_param (validated, read by nothing the model computes)
  path,              // Optional[Path]: a string, or None
  boolean,           // bool
  optional_boolean,  // Optional[bool]
  optional_dict,     // Optional[Dict[str, Any]]
  string_list,  // List[str], a lone str made a list first (DeepSpeedZeroLeafModuleConfig's before-validator)
  leaf_module,  // DeepSpeedZeroLeafModuleConfig (None means its defaults)
  integer,      // int
  integer_ge0,  // int = Field(ge=0)
  unit_float,   // float = Field(ge=0.0, le=1.0)
  offload_optimizer,  // Optional[DeepSpeedZeroOffloadOptimizerConfig]
  offload_param,      // Optional[DeepSpeedZeroOffloadParamConfig]
  zenflow,            // Optional[ZenFlowConfig]
};

struct ZeroField {
  std::string_view name;
  ZeroType type;
  std::string_view alias = {};  // the stage3_ name: pydantic takes it first, the name where it is absent
};

// runtime/zero/config.py, in declaration order (the same at every modelled revision).
constexpr std::array<ZeroField, 44> kZeroFields{{
    {"stage", ZeroType::stage},
    {"contiguous_gradients", ZeroType::boolean},
    {"reduce_scatter", ZeroType::boolean},
    {"reduce_bucket_size", ZeroType::integer_ge0},
    {"use_multi_rank_bucket_allreduce", ZeroType::boolean},
    {"allgather_partitions", ZeroType::boolean},
    {"allgather_bucket_size", ZeroType::integer_ge0},
    {"overlap_comm", ZeroType::optional_boolean},
    {"load_from_fp32_weights", ZeroType::boolean},
    {"elastic_checkpoint", ZeroType::boolean},
    {"offload_param", ZeroType::offload_param},
    {"offload_optimizer", ZeroType::offload_optimizer},
    {"zenflow", ZeroType::zenflow},
    {"sub_group_size", ZeroType::integer_ge0},
    {"cpu_offload_param", ZeroType::optional_boolean},
    {"cpu_offload_use_pin_memory", ZeroType::optional_boolean},
    {"cpu_offload", ZeroType::optional_boolean},
    {"prefetch_bucket_size", ZeroType::integer_ge0, "stage3_prefetch_bucket_size"},
    {"param_persistence_threshold", ZeroType::integer_ge0, "stage3_param_persistence_threshold"},
    {"model_persistence_threshold", ZeroType::integer_ge0, "stage3_model_persistence_threshold"},
    {"max_live_parameters", ZeroType::integer_ge0, "stage3_max_live_parameters"},
    {"max_reuse_distance", ZeroType::integer_ge0, "stage3_max_reuse_distance"},
    {"gather_16bit_weights_on_model_save", ZeroType::boolean, "stage3_gather_16bit_weights_on_model_save"},
    {"module_granularity_threshold", ZeroType::integer, "stage3_module_granularity_threshold"},
    {"use_all_reduce_for_fetch_params", ZeroType::boolean, "stage3_use_all_reduce_for_fetch_params"},
    {"allgather_sequential", ZeroType::boolean, "stage3_allgather_sequential"},
    {"stage3_gather_fp16_weights_on_model_save", ZeroType::boolean},
    {"ignore_unused_parameters", ZeroType::boolean},
    {"legacy_stage1", ZeroType::boolean},
    {"round_robin_gradients", ZeroType::boolean},
    {"zero_hpz_partition_size", ZeroType::integer_ge0},
    {"zero_quantized_weights", ZeroType::boolean},
    {"zero_quantized_nontrainable_weights", ZeroType::boolean},
    {"zero_quantized_gradients", ZeroType::boolean},
    {"zeropp_loco_param", ZeroType::optional_dict},
    {"mics_shard_size", ZeroType::integer},
    {"mics_hierarchical_params_gather", ZeroType::boolean},
    {"memory_efficient_linear", ZeroType::boolean},
    {"pipeline_loading_checkpoint", ZeroType::boolean},
    {"override_module_apply", ZeroType::boolean},
    {"log_trace_cache_warnings", ZeroType::boolean},
    {"enable_sanity_checks", ZeroType::boolean},
    {"save_muon_momentum_buffer_in_memory", ZeroType::boolean},
    {"leaf_module", ZeroType::leaf_module},
}};

// runtime/zero/leaf_module_config.py DeepSpeedZeroLeafModuleConfig, in declaration order.
constexpr std::array<ZeroField, 3> kLeafModuleFields{{
    {"classes", ZeroType::string_list},
    {"names", ZeroType::string_list},
    {"name_suffixes", ZeroType::string_list},
}};

// runtime/zero/offload_config.py DeepSpeedZeroOffloadOptimizerConfig, in declaration order.
constexpr std::array<ZeroField, 10> kOffloadOptimizerFields{{
    {"device", ZeroType::device},
    {"nvme_path", ZeroType::path},
    {"buffer_count", ZeroType::integer_ge0},
    {"pin_memory", ZeroType::boolean},
    {"pipeline_read", ZeroType::boolean},
    {"pipeline_write", ZeroType::boolean},
    {"fast_init", ZeroType::boolean},
    {"ratio", ZeroType::unit_float},
    {"super_offload", ZeroType::boolean},
    {"cpuadam_cores_perc", ZeroType::unit_float},
}};

// runtime/zero/offload_config.py DeepSpeedZeroOffloadParamConfig, in declaration order.
constexpr std::array<ZeroField, 6> kOffloadParamFields{{
    {"device", ZeroType::param_device},
    {"nvme_path", ZeroType::path},
    {"buffer_count", ZeroType::integer_ge0},
    {"buffer_size", ZeroType::integer_ge0},
    {"max_in_cpu", ZeroType::integer_ge0},
    {"pin_memory", ZeroType::boolean},
}};

// The offload sub-configs: the field of DeepSpeedZeroConfig, its class (for pydantic's messages), its fields,
// and whether ZenFlow's set-up reads its device (ZeroConfig::offload_optimizer).
struct OffloadBlock {
  std::string_view field;
  std::string_view model;
  std::span<const ZeroField> fields;
  bool device_read = false;
};
constexpr std::array<OffloadBlock, 2> kOffloadBlocks{{
    {"offload_param", "DeepSpeedZeroOffloadParamConfig", kOffloadParamFields, false},
    {"offload_optimizer", "DeepSpeedZeroOffloadOptimizerConfig", kOffloadOptimizerFields, true},
}};

Error validation_error(std::string field, std::string_view message) {
  return Error{"ValidationError", std::move(field), std::string(message)};
}

// The path of a field under `prefix` ("zero_optimization" or "zero_optimization.offload_optimizer").
std::string path(std::string_view prefix, std::string_view field) {
  return std::string(prefix) + "." + std::string(field);
}

// What validating one block found: the values the model reads, and its first error.
struct Validated {
  ZeroConfig zero;
  std::optional<double> ratio;  // offload_optimizer.ratio, for offload_ratio_check
  // Every bool and Optional[bool] field given, by its path, as pydantic coerced it (nothing: None).
  std::map<std::string, std::optional<bool>, std::less<>> flags;
  std::optional<Error> first_error;
  void fail(Error e) {
    if (!first_error) first_error = std::move(e);
  }
};

std::optional<std::string_view> issue_of(std::optional<pydantic::Issue> issue) {
  return issue ? std::optional<std::string_view>(issue->message) : std::nullopt;
}

// A scalar field's value checked by its declared type: the message pydantic gives, or nothing.
template <class T>
std::optional<std::string_view> check(const tl::expected<T, pydantic::Issue>& coerced) {
  return coerced ? std::nullopt : std::optional<std::string_view>(coerced.error().message);
}

std::optional<std::string_view> check_integer_ge0(const py::Value& v) {
  auto i = pydantic::lax_int(v);
  if (!i) return i.error().message;
  if (*i < 0) return "Input should be greater than or equal to 0";
  return std::nullopt;
}

std::optional<std::string_view> check_unit_float(const py::Value& v, std::optional<double>& out) {
  auto f = pydantic::lax_float(v);
  if (!f) return f.error().message;
  if (auto issue = issue_of(pydantic::check_unit_interval(*f, false))) return issue;
  out = *f;
  return std::nullopt;
}

constexpr std::string_view kStageEnumMessage = "Input should be 0, 1, 2, 3 or 3";
constexpr std::string_view kDeviceEnumMessage = "Input should be 'none', 'cpu' or 'nvme'";
constexpr std::string_view kPathMessage = "Input is not a valid path for <class 'pathlib.Path'>";

bool is_device(const py::Value& v) {
  const py::Str* s = v.as<py::Str>();
  return s != nullptr && (*s == "none" || *s == "cpu" || *s == "nvme");
}

void validate_offload(const py::Value& value, const OffloadBlock& block, std::string_view prefix,
                      const Switches& switches, Validated& out);
void validate_block(const py::Dict& dict, std::span<const ZeroField> fields, std::string_view prefix,
                    const Switches& switches, Validated& out);

// List[str] after a lone str became a list: the message for the field itself, or nothing (an item that is
// not a str fails at its index, "classes.0").
std::optional<std::string_view> check_string_list(const py::Value& v, std::string_view prefix,
                                                  std::string_view given_as, Validated& out) {
  if (v.as<py::Str>() != nullptr) return std::nullopt;
  const py::List* list = v.as<py::List>();
  if (list == nullptr) return "Input should be a valid list";
  for (std::size_t i = 0; i < list->size(); ++i) {
    if ((*list)[i].as<py::Str>() == nullptr) {
      out.fail(validation_error(path(prefix, given_as) + "." + std::to_string(i),
                                "Input should be a valid string"));
      break;
    }
  }
  return std::nullopt;
}

// One field's value, by its declared type, into `out`.
void validate_field(const py::Value& v, const ZeroField& field, std::string_view prefix,
                    std::string_view given_as, const Switches& switches, Validated& out) {
  std::optional<std::string_view> message;
  switch (field.type) {
    case ZeroType::stage: {
      auto i = pydantic::lax_int(v);
      if (!i || *i < 0 || *i > 3) {
        message = kStageEnumMessage;
      } else {
        out.zero.stage = i->convert_to<int>();
      }
      break;
    }
    case ZeroType::device:
      if (!is_device(v)) {
        message = kDeviceEnumMessage;
      } else {
        out.zero.offload_optimizer = v.as<py::Str>()->text;
      }
      break;
    case ZeroType::param_device:
      if (!is_device(v)) message = kDeviceEnumMessage;
      break;
    case ZeroType::path:  // pydantic's Path takes any string (Path("") is "."), and None for Optional
      if (v.kind() != py::Kind::none && v.as<py::Str>() == nullptr) message = kPathMessage;
      break;
    case ZeroType::boolean:
    case ZeroType::optional_boolean: {
      if (field.type == ZeroType::optional_boolean && v.kind() == py::Kind::none) {
        out.flags[path(prefix, field.name)] = std::nullopt;
        break;
      }
      auto b = pydantic::lax_bool(v);
      if (b) out.flags[path(prefix, field.name)] = *b;
      message = check(b);
      break;
    }
    case ZeroType::string_list:
      message = check_string_list(v, prefix, given_as, out);
      break;
    case ZeroType::leaf_module:  // null is its defaults; anything but an object raised before validation
      if (const py::Dict* leaf = v.as<py::Dict>())
        validate_block(*leaf, kLeafModuleFields, path(prefix, given_as), switches, out);
      break;
    case ZeroType::optional_dict:
      if (v.kind() != py::Kind::none && v.as<py::Dict>() == nullptr)
        message = "Input should be a valid dictionary";
      break;
    case ZeroType::integer:
      message = check(pydantic::lax_int(v));
      break;
    case ZeroType::integer_ge0:
      message = check_integer_ge0(v);
      break;
    case ZeroType::unit_float: {
      std::optional<double> f;
      message = check_unit_float(v, f);
      if (field.name == "ratio") out.ratio = f;
      break;
    }
    case ZeroType::offload_param:
      validate_offload(v, kOffloadBlocks[0], path(prefix, given_as), switches, out);
      break;
    case ZeroType::offload_optimizer:
      validate_offload(v, kOffloadBlocks[1], path(prefix, given_as), switches, out);
      break;
    case ZeroType::zenflow: {
      auto z = validate_zenflow(v, switches);
      if (!z) {
        Error e = std::move(z.error());
        e.field = path(prefix, given_as) + (e.field ? "." + *e.field : "");
        out.fail(std::move(e));
      } else {
        out.zero.zenflow = std::move(*z);
      }
      break;
    }
  }
  if (message) out.fail(validation_error(path(prefix, given_as), *message));
}

// Field errors in declaration order, then one per unknown key in the block's order (extra="forbid").
void validate_block(const py::Dict& dict, std::span<const ZeroField> fields, std::string_view prefix,
                    const Switches& switches, Validated& out) {
  InitData data(dict);
  // A nested block (the section itself was refused before).
  if (auto error = key_not_text_error(dict, data, std::string(prefix))) {
    out.fail(std::move(*error));
    return;
  }
  for (const ZeroField& field : fields) {
    std::string_view given_as;
    if (const py::Value* v = given_value(data, field, given_as))
      validate_field(*v, field, prefix, given_as, switches, out);
  }
  for (const auto& entry : dict.entries()) {
    if (data.passes(entry) && !takes_key(data, fields, entry.first.text)) {
      out.fail(validation_error(path(prefix, entry.first.text), "Extra inputs are not permitted"));
    }
  }
}

void validate_offload(const py::Value& value, const OffloadBlock& block, std::string_view prefix,
                      const Switches& switches, Validated& out) {
  if (value.kind() == py::Kind::none) return;
  const py::Dict* dict = value.as<py::Dict>();
  if (dict == nullptr) {
    out.fail(validation_error(std::string(prefix), "Input should be a valid dictionary or instance of " +
                                                       std::string(block.model)));
    return;
  }
  if (block.device_read) out.zero.offload_optimizer = "none";  // the device's default
  validate_block(*dict, block.fields, prefix, switches, out);
}

// The TypeErrors a nested config raises, which pydantic does not collect, so that they beat every
// validation error: a "self" key colliding with its __init__'s own parameter, in declaration order, then
// a leaf_module that is neither an object nor null (its before-validator's own TypeError).
std::optional<Error> nested_type_error(const py::Dict& dict) {
  InitData data(dict);
  for (std::string_view key : {std::string_view("offload_param"), std::string_view("offload_optimizer"),
                               std::string_view("zenflow"), std::string_view("leaf_module")}) {
    const py::Value* v = data.find(key);
    const py::Dict* nested = v ? v->as<py::Dict>() : nullptr;
    if (nested == nullptr) continue;
    if (auto error = self_key_error(*nested)) return error;
  }
  const py::Value* leaf = data.find("leaf_module");
  if (leaf != nullptr && leaf->kind() != py::Kind::none && leaf->as<py::Dict>() == nullptr)
    return raised("TypeError", "leaf_module configuration must be a mapping of fields to values");
  return std::nullopt;
}

// A bool or Optional[bool] field of the section as given: nullptr when absent.
const std::optional<bool>* given_flag(const Validated& out, std::string_view field) {
  auto it = out.flags.find(path(kSection, field));
  return it == out.flags.end() ? nullptr : &it->second;
}

bool flag_is_true(const Validated& out, std::string_view field) {
  const std::optional<bool>* v = given_flag(out, field);
  return v != nullptr && v->value_or(false);
}

// elastic_checkpoint_deprecated, the last model validator: it warns on every run.
void elastic_checkpoint_deprecated(const Validated& out, std::vector<std::string>& warnings) {
  if (out.zero.stage == 3 && flag_is_true(out, "elastic_checkpoint")) {
    warnings.push_back(elastic_checkpoint_warning());
  }
}

// A deprecated field (json_schema_extra "deprecated": True) in declaration order: the field that replaces
// it, and whether _process_deprecated_field assigns it the deprecated value (set_new_param).
struct DeprecatedField {
  std::string_view name;
  std::string_view new_param;
  bool set_new_param = true;
};
constexpr std::array<DeprecatedField, 4> kDeprecatedFields{{
    {"cpu_offload_param", "offload_param"},
    {"cpu_offload_use_pin_memory", "offload_param or offload_optimizer", false},
    {"cpu_offload", "offload_optimizer"},
    {"stage3_gather_fp16_weights_on_model_save", "gather_16bit_weights_on_model_save"},
}};

// DeepSpeedConfigModel._deprecated_fields_check, after validation: each deprecated field given logs its
// warning; one with a replacement then asserts the replacement was not given too, and assigns it
// (cpu_offload: an offload_optimizer block on the CPU when true, none otherwise), which re-runs the model
// validators (validate_assignment).
std::optional<Error> map_deprecated_fields(const py::Dict& dict, Validated& out,
                                           std::vector<std::string>& warnings) {
  InitData data(dict);
  for (const DeprecatedField& deprecated : kDeprecatedFields) {
    if (data.find(deprecated.name) == nullptr) continue;
    const std::string name(deprecated.name), replacement(deprecated.new_param);
    warnings.push_back(deprecated_field_warning(name, replacement));
    if (!deprecated.set_new_param) continue;
    const ZeroField* field = nullptr;
    for (const ZeroField& f : kZeroFields) {
      if (f.name == deprecated.new_param) field = &f;
    }
    std::string_view given_as;
    if (field != nullptr && given_value(data, *field, given_as) != nullptr) {
      return raised("AssertionError", "Cannot provide deprecated parameter '" + name +
                                          "' and replacing parameter '" + replacement + "' together");
    }
    if (deprecated.name == "cpu_offload") {
      out.zero.offload_optimizer =
          flag_is_true(out, "cpu_offload") ? std::optional<std::string>("cpu") : std::nullopt;
    }
    elastic_checkpoint_deprecated(out, warnings);
  }
  return std::nullopt;
}

// read_zero_config_deprecated: `zero_optimization: true` is stage 1 with the top-level allgather_size (5e8
// when absent) as allgather_bucket_size; false is stage 0.
py::Value deprecated_format_section(const py::Dict& param_dict, bool enabled) {
  py::Dict section;
  section.set(py::Str{"stage"}, enabled ? 1 : 0);
  if (enabled) {
    const py::Value* size = param_dict.find("allgather_size");
    section.set(py::Str{"allgather_bucket_size"}, size != nullptr ? *size : py::Value(5e8));
  }
  return section;
}

}  // namespace

Error unmodelled(std::string message) {
  return Error{std::string(kUnmodelledType), std::nullopt, std::move(message)};
}

Error case_unmodelled(std::string_view key) {
  return unmodelled(std::string(key) +
                    " holding text whose case depends on the Python version is not modelled");
}

tl::expected<ZeroConfig, Error> read_zero_config(const py::Dict& param_dict, const Switches& switches,
                                                 std::vector<std::string>& warnings) {
  static const py::Value kEmpty = py::Dict{};
  const py::Value* section = param_dict.find(kSection);
  if (section == nullptr) section = &kEmpty;
  py::Value deprecated_format;
  if (const bool* enabled = section->as<bool>()) {
    deprecated_format = deprecated_format_section(param_dict, *enabled);
    warnings.push_back(deprecated_zero_format_warning());
    section = &deprecated_format;
  }
  const py::Dict* dict = section->as<py::Dict>();
  if (dict == nullptr) return tl::unexpected(not_a_mapping_error(kZeroConfigClass, *section));
  if (auto error = self_key_error(*dict)) return tl::unexpected(std::move(*error));
  if (auto error = key_not_text_error(*dict, InitData(*dict), std::nullopt))
    return tl::unexpected(std::move(*error));
  if (auto error = nested_type_error(*dict)) return tl::unexpected(std::move(*error));
  Validated out;
  validate_block(*dict, kZeroFields, kSection, switches, out);
  if (out.first_error) return tl::unexpected(std::move(*out.first_error));
  // overlap_comm_valid assigns overlap_comm when it is None, which runs the validators once more first.
  const std::optional<bool>* overlap = given_flag(out, "overlap_comm");
  int validator_runs = overlap != nullptr && overlap->has_value() ? 1 : 2;
  out.zero.overlap_comm = overlap != nullptr && overlap->has_value() ? **overlap : out.zero.stage == 3;
  // offload_ratio_check: an assert, which pydantic reports as a ValidationError, before any warning.
  if (out.zero.offload_optimizer && out.ratio.value_or(1.0) < 1.0 && out.zero.stage != 3) {
    return tl::unexpected(Error{"ValidationError", std::nullopt,
                                "Assertion failed, Partial offloading only supported for ZeRO Stage 3."});
  }
  for (int run = 0; run < validator_runs; ++run) elastic_checkpoint_deprecated(out, warnings);
  if (auto error = map_deprecated_fields(*dict, out, warnings)) return tl::unexpected(std::move(*error));
  return out.zero;
}

const std::vector<std::string_view>& zero_section_keys() {
  static const std::vector<std::string_view> keys = [] {
    std::vector<std::string_view> out;
    for (const ZeroField& f : kZeroFields) out.push_back(f.name);
    for (const ZeroField& f : kZeroFields) {
      if (!f.alias.empty()) out.push_back(f.alias);
    }
    return out;
  }();
  return keys;
}

}  // namespace zfcheck
