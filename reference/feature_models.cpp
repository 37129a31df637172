// HybridEngineConfig, CompileConfig, CommsLoggerConfig, the monitors, WeightQuantConfig and TPTrainingConfig:
// DeepSpeedConfigModel.__init__ (InitData) for a top-level model, then pydantic's lax validation of their
// fields and its refusal of unknown keys.
#include "reference/feature_models.hpp"

#include "reference/config_model_init.hpp"
#include "reference/dict_reads.hpp"
#include "reference/pydantic_lax.hpp"
#include "reference/zero_config.hpp"

#include <algorithm>
#include <array>
#include <span>
#include <string>
#include <string_view>

namespace zfcheck {

namespace {

enum class FieldType {
  boolean,           // bool
  optional_boolean,  // Optional[bool]
  integer,           // int
  string,            // str
  optional_string,   // Optional[str]
  list,              // list
  passes,            // Optional[List[Literal["z1", "z3", "autosp", "autotp"]]]
  torch_dtype,       // torch.dtype (an instance of it, which no JSON value is)
  anything,          // object
  optional_tuple,    // Optional[tuple]
  optional_dict,     // Optional[Dict[str, Any]]
  dict,              // Dict
  quant_type,        // QuantTypeEnum (a str Enum): "asymmetric" or "symmetric"
  model,             // a nested DeepSpeedConfigModel
};
struct Field {
  std::string_view name;
  FieldType declared;
  std::string_view alias =
      {};  // Field(alias=...): pydantic takes it first (populate_by_name takes the name too)
  std::string_view model = {};         // a nested model's class name
  std::span<const Field> fields = {};  // a nested model's fields
};

// runtime/config.py HybridEngineConfig, in declaration order (the same at every modelled revision).
constexpr std::array<Field, 7> kHybridEngineFields{{
    {"enabled", FieldType::boolean},
    {"max_out_tokens", FieldType::integer},
    {"inference_tp_size", FieldType::integer},
    {"release_inference_cache", FieldType::boolean},
    {"pin_parameters", FieldType::boolean},
    {"tp_gather_partition_size", FieldType::integer},
    {"enable_cuda_graph", FieldType::boolean},
}};

// compile/config.py CompileConfig, in declaration order (the same at every modelled revision).
constexpr std::array<Field, 17> kCompileFields{{
    {"deepcompile", FieldType::boolean},
    {"free_activation", FieldType::boolean},
    {"free_activation_threshold", FieldType::integer},
    {"offload_activation", FieldType::boolean},
    {"offload_activation_pin_memory", FieldType::boolean},
    {"offload_opt_states", FieldType::boolean},
    {"double_buffer", FieldType::boolean},
    {"symmetric_memory", FieldType::boolean},
    {"debug_log", FieldType::boolean},
    {"offload_parameters", FieldType::boolean},
    {"sync_before_reduce", FieldType::boolean},
    {"sync_after_reduce", FieldType::boolean},
    {"sync_before_allgather", FieldType::boolean},
    {"sync_after_allgather", FieldType::boolean},
    {"keep_int_input_tensors", FieldType::boolean},
    {"keep_all_input_tensors", FieldType::boolean},
    {"passes", FieldType::passes},
}};

// utils/config.py DeepSpeedThroughputTimerConfig (timers.throughput).
constexpr std::array<Field, 2> kThroughputTimerFields{{
    {"enabled", FieldType::boolean},
    {"synchronized", FieldType::boolean},
}};

// comm/config.py CommsLoggerConfig.
constexpr std::array<Field, 5> kCommsLoggerFields{{
    {"enabled", FieldType::boolean},
    {"prof_all", FieldType::boolean},
    {"prof_ops", FieldType::list},
    {"verbose", FieldType::boolean},
    {"debug", FieldType::boolean},
}};

// monitor/config.py: TensorBoardConfig and CSVConfig, WandbConfig, CometConfig.
constexpr std::array<Field, 3> kOutputFields{{
    {"enabled", FieldType::boolean},
    {"output_path", FieldType::string},
    {"job_name", FieldType::string},
}};
constexpr std::array<Field, 4> kWandbFields{{
    {"enabled", FieldType::boolean},
    {"group", FieldType::optional_string},
    {"team", FieldType::optional_string},
    {"project", FieldType::string},
}};
constexpr std::array<Field, 9> kCometFields{{
    {"enabled", FieldType::boolean},
    {"samples_log_interval", FieldType::integer},
    {"project", FieldType::optional_string},
    {"workspace", FieldType::optional_string},
    {"api_key", FieldType::optional_string},
    {"experiment_name", FieldType::optional_string},
    {"experiment_key", FieldType::optional_string},
    {"online", FieldType::optional_boolean},
    {"mode", FieldType::optional_string},
}};
// DeepSpeedMonitorConfig's fields, in declaration order: the key, its class, the class's fields.
struct Monitor {
  std::string_view key;
  std::string_view model;
  std::span<const Field> fields;
};
const std::array<Monitor, 4> kMonitors{{
    {"tensorboard", "TensorBoardConfig", kOutputFields},
    {"comet", "CometConfig", kCometFields},
    {"wandb", "WandbConfig", kWandbFields},
    {"csv_monitor", "CSVConfig", kOutputFields},
}};

// runtime/tensor_parallel/config.py: TPConfig, nested in TPTrainingConfig, in declaration order (the same at
// every modelled revision).
constexpr std::array<Field, 4> kTPFields{{
    {"tp_size", FieldType::integer},
    {"tp_grain_size", FieldType::integer},
    {"mpu", FieldType::anything},
    {"tp_group", FieldType::anything},
}};
constexpr std::array<Field, 9> kTPTrainingFields{{
    {"dtype", FieldType::torch_dtype},
    {"autotp_size", FieldType::integer},
    {"tp_overlap_comm", FieldType::boolean},
    {"tensor_parallel", FieldType::model, "tp", "TPConfig", kTPFields},
    {"injection_policy_tuple", FieldType::optional_tuple},
    {"partition_config", FieldType::optional_dict},
    {"preset_model", FieldType::optional_string},
    {"keep_module_on_host", FieldType::boolean},
    {"replace_with_kernel_inject", FieldType::boolean, "kernel_inject"},
}};

// inference/config.py: WeightQuantConfig, BaseQuantConfig's fields first (the same at every modelled
// revision).
constexpr std::array<Field, 6> kWeightQuantFields{{
    {"enabled", FieldType::boolean},
    {"num_bits", FieldType::integer},
    {"q_type", FieldType::quant_type},
    {"q_groups", FieldType::integer},
    {"quantized_initialization", FieldType::dict},
    {"post_init_quant", FieldType::dict},
}};

constexpr std::array<std::string_view, 4> kPassNames{"z1", "z3", "autosp", "autotp"};

// The field's first issue: its path below the field ("" or ".<index>") and pydantic's message.
std::optional<std::pair<std::string, std::string>> field_issue(const py::Value& v, FieldType declared) {
  auto issue = [](std::string_view message) { return std::make_pair(std::string(), std::string(message)); };
  const bool none = v.kind() == py::Kind::none;
  switch (declared) {
    case FieldType::boolean:
    case FieldType::optional_boolean:
      if (declared == FieldType::optional_boolean && none) return std::nullopt;
      if (auto b = pydantic::lax_bool(v); !b) return issue(b.error().message);
      return std::nullopt;
    case FieldType::integer:
      if (auto i = pydantic::lax_int(v); !i) return issue(i.error().message);
      return std::nullopt;
    case FieldType::string:
    case FieldType::optional_string:
      if (declared == FieldType::optional_string && none) return std::nullopt;
      if (auto text = pydantic::lax_str(v); !text) return issue(text.error().message);
      return std::nullopt;
    case FieldType::list:
      if (v.as<py::List>() == nullptr) return issue("Input should be a valid list");
      return std::nullopt;
    case FieldType::passes: {
      if (v.kind() == py::Kind::none) return std::nullopt;
      const py::List* list = v.as<py::List>();
      if (list == nullptr) return issue("Input should be a valid list");
      for (std::size_t i = 0; i < list->size(); ++i) {
        const py::Str* name = (*list)[i].as<py::Str>();
        if (name == nullptr ||
            std::find(kPassNames.begin(), kPassNames.end(), name->text) == kPassNames.end())
          return std::make_pair("." + std::to_string(i),
                                std::string("Input should be 'z1', 'z3', 'autosp' or 'autotp'"));
      }
      return std::nullopt;
    }
    case FieldType::torch_dtype:
      return issue("Input should be an instance of dtype");
    case FieldType::anything:
    case FieldType::model:  // validated field by field (model_error)
      return std::nullopt;
    case FieldType::optional_tuple:
      if (none || v.as<py::List>() != nullptr) return std::nullopt;
      return issue("Input should be a valid tuple");
    case FieldType::optional_dict:
    case FieldType::dict:
      if ((declared == FieldType::optional_dict && none) || v.as<py::Dict>() != nullptr) return std::nullopt;
      return issue("Input should be a valid dictionary");
    case FieldType::quant_type: {
      const py::Str* name = v.as<py::Str>();
      if (name != nullptr && (*name == "asymmetric" || *name == "symmetric")) return std::nullopt;
      return issue("Input should be 'asymmetric' or 'symmetric'");
    }
  }
  return std::nullopt;
}

// The TypeError of a nested model's own __init__ for a "self" key, which pydantic does not collect, so that
// it beats every validation error of the enclosing model.
std::optional<Error> nested_self_key_error(const InitData& data, std::span<const Field> fields) {
  for (const Field& field : fields) {
    std::string_view given_as;
    const py::Value* v = field.declared == FieldType::model ? given_value(data, field, given_as) : nullptr;
    const py::Dict* dict = v ? v->as<py::Dict>() : nullptr;
    if (dict == nullptr) continue;
    if (auto error = self_key_error(*dict)) return error;
    if (key_not_text_error(*dict, InitData(*dict), std::nullopt))
      continue;  // refused before its fields are built
    if (auto error = nested_self_key_error(InitData(*dict), field.fields)) return error;
  }
  return std::nullopt;
}

// The first error of a model's fields in declaration order (a nested model's at its own fields), then of its
// unknown keys, at "<key>.<field>", after DeepSpeedConfigModel.__init__ (`data`).
std::optional<Error> model_error(const py::Dict& dict, const InitData& data, std::string_view key,
                                 std::span<const Field> fields) {
  for (const Field& field : fields) {
    std::string_view given_as;
    const py::Value* v = given_value(data, field, given_as);
    if (v == nullptr) continue;
    const std::string at = std::string(key) + "." + std::string(given_as);
    if (field.declared == FieldType::model) {
      const py::Dict* nested = v->as<py::Dict>();
      if (nested == nullptr)
        return Error{"ValidationError", at,
                     "Input should be a valid dictionary or instance of " + std::string(field.model)};
      if (auto error = key_not_text_error(*nested, InitData(*nested), at)) return error;
      if (auto error = model_error(*nested, InitData(*nested), at, field.fields)) return error;
      continue;
    }
    if (auto issue = field_issue(*v, field.declared)) {
      return Error{"ValidationError", at + issue->first, issue->second};
    }
  }
  for (const auto& entry : dict.entries()) {
    if (!data.passes(entry)) continue;
    const py::Str& name = entry.first;
    if (!takes_key(data, fields, name.text))
      return Error{"ValidationError", std::string(key) + "." + name.text, "Extra inputs are not permitted"};
  }
  return std::nullopt;
}

// Class(**value) for a top-level model whose errors stand at `key`: the TypeError of `**` for a value that is
// not a mapping, of __init__ for a "self" key, then DeepSpeedConfigModel.__init__'s data validated.
std::optional<Error> construct(const py::Value& value, std::string_view key, std::string_view class_path,
                               std::span<const Field> fields) {
  const py::Dict* dict = value.as<py::Dict>();
  if (dict == nullptr) return not_a_mapping_error(class_path, value);
  if (auto error = self_key_error(*dict)) return error;
  const InitData data(*dict);
  if (auto error = key_not_text_error(*dict, data, std::nullopt)) return error;
  if (auto error = nested_self_key_error(data, fields)) return error;
  return model_error(*dict, data, key, fields);
}

// Class(**config[key]) where the config has the key.
std::optional<Error> validate(const py::Dict& config, std::string_view key, std::string_view class_path,
                              std::span<const Field> fields) {
  const py::Value* value = config.find(key);
  if (value == nullptr) return std::nullopt;
  return construct(*value, key, class_path, fields);
}

}  // namespace

std::optional<Error> hybrid_engine_check(const py::Dict& config) {
  return validate(config, "hybrid_engine", "deepspeed.runtime.config.HybridEngineConfig",
                  kHybridEngineFields);
}

std::optional<Error> logging_features_check(const py::Dict& config) {
  if (const py::Value* block = config.find("activation_checkpointing")) {
    if (auto error = dict_method(*block, "get")) return error;
  }
  if (auto error =
          validate(config, "comms_logger", "deepspeed.comm.config.CommsLoggerConfig", kCommsLoggerFields))
    return error;
  // DeepSpeedMonitorConfig(**{key: config.get(key, {})}): its __init__ drops an "auto" block; pydantic builds
  // each nested model through DeepSpeedConfigModel.__init__ too, whose TypeError for a "self" key ends the
  // validation at once, beating the errors collected before it.
  std::optional<Error> first;
  for (const Monitor& monitor : kMonitors) {
    const py::Value* value = config.find(monitor.key);
    if (value == nullptr || value->is_auto()) continue;
    const py::Dict* dict = value->as<py::Dict>();
    if (dict == nullptr) {
      if (!first)
        first = Error{"ValidationError", std::string(monitor.key),
                      "Input should be a valid dictionary or instance of " + std::string(monitor.model)};
      continue;
    }
    if (auto error = self_key_error(*dict)) return error;
    if (first) continue;
    first = key_not_text_error(*dict, InitData(*dict), std::string(monitor.key));
    if (!first) first = model_error(*dict, InitData(*dict), monitor.key, monitor.fields);
  }
  return first;
}

std::optional<Error> timers_check(const py::Dict& config) {
  const py::Value* timers = config.find("timers");
  if (timers == nullptr) return std::nullopt;
  if (const py::Dict* block = timers->as<py::Dict>()) {
    const py::Value* throughput = block->find("throughput");
    if (throughput == nullptr) return std::nullopt;
    return construct(*throughput, "timers.throughput",
                     "deepspeed.utils.config.DeepSpeedThroughputTimerConfig", kThroughputTimerFields);
  }
  // `"throughput" in` a str or a list, then the TypeError of indexing it with "throughput" (a str's worded
  // as Python 3.11 and later word it).
  const py::Str* text = timers->as<py::Str>();
  const py::List* list = timers->as<py::List>();
  if (text != nullptr || list != nullptr) {
    const bool found = text ? text->text.find("throughput") != std::string::npos
                            : std::any_of(list->begin(), list->end(), [](const py::Value& v) {
                                const py::Str* s = v.as<py::Str>();
                                return s != nullptr && s->text == "throughput";
                              });
    if (!found) return std::nullopt;
    return str_index_error(*timers);
  }
  return raised("TypeError",
                "argument of type '" + std::string(py::type_name(*timers)) + "' is not iterable");
}

std::optional<Error> weight_quantization_check(const py::Dict& config) {
  return validate(config, "weight_quantization", "deepspeed.inference.config.WeightQuantConfig",
                  kWeightQuantFields);
}

std::optional<Error> tensor_parallel_check(const py::Dict& config) {
  return validate(config, "tensor_parallel", "deepspeed.runtime.tensor_parallel.config.TPTrainingConfig",
                  kTPTrainingFields);
}

std::optional<Error> compile_check(const py::Dict& config) {
  return validate(config, "compile", "deepspeed.compile.config.CompileConfig", kCompileFields);
}

}  // namespace zfcheck
