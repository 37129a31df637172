// The plain-Python readers runtime/config.py and profiling/config.py run on the other features' keys: the
// AttributeError of a method a section's value lacks, the KeyError of a missing "enabled", and the
// ValueError, NotImplementedError and DeepSpeedConfigError of a value out of its set.
#include "reference/feature_readers.hpp"

#include "reference/compression_config.hpp"
#include "reference/dict_reads.hpp"
#include "reference/feature_models.hpp"
#include "reference/module_readers.hpp"
#include "reference/py_repr.hpp"
#include "reference/py_unicode.hpp"
#include "reference/zero_config.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

namespace zfcheck {

namespace {

std::optional<Error> communication_type(const py::Dict& config, std::string_view key) {
  const py::Value* v = config.find(key);
  if (v == nullptr || v->kind() == py::Kind::none) return std::nullopt;  // the default: None, or "fp32"
  const py::Str* s = v->as<py::Str>();
  if (s == nullptr) return attribute_error(py::type_name(*v), "lower");
  auto lowered = py::lower(*s);
  if (!lowered) return case_unmodelled(key);
  if (*lowered == "fp32" || *lowered == "fp16" || *lowered == "bf16") return std::nullopt;
  return raised(
      "ValueError",
      "Invalid communication_data_type. Supported data types: ['fp16', 'bf16', 'fp32']. Got: " + *lowered);
}

// DtypeEnum's values (runtime/config.py), besides the torch dtypes no JSON value is.
constexpr std::array<std::string_view, 13> kDtypeNames{
    "torch.float16", "fp16",       "float16", "half",           "torch.float32", "fp32",    "float32",
    "float",         "torch.int8", "int8",    "torch.bfloat16", "bf16",          "bfloat16"};

std::optional<Error> torch_autocast(const py::Dict& config) {
  const py::Value* v = config.find("torch_autocast");
  if (v == nullptr) return std::nullopt;
  if (auto error = dict_method(*v, "get")) return error;
  const py::Dict& block = *v->as<py::Dict>();
  if (const py::Value* dtype = block.find("dtype")) {
    const py::Str* name = dtype->as<py::Str>();
    if (name == nullptr ||
        std::find(kDtypeNames.begin(), kDtypeNames.end(), name->text) == kDtypeNames.end()) {
      auto text = shown_repr(*dtype, "torch_autocast.dtype");
      if (!text) return text.error();
      return raised("ValueError", *text + " is not a valid DtypeEnum");
    }
  }
  const py::Value* modules = block.find("lower_precision_safe_modules");
  if (modules == nullptr || modules->as<py::Str>() || modules->as<py::Dict>()) return std::nullopt;
  const py::List* list = modules->as<py::List>();
  if (list == nullptr)
    return raised("TypeError", "'" + std::string(py::type_name(*modules)) + "' object is not iterable");
  if (std::all_of(list->begin(), list->end(), [](const py::Value& m) { return m.as<py::Str>() != nullptr; }))
    return std::nullopt;
  auto text = shown(*modules, "torch_autocast.lower_precision_safe_modules");
  if (!text) return text.error();
  return raised("ValueError",
                "Invalid module names for torch autocast: " + *text + ". Expected list of strings.");
}

// Python's a | b for two JSON values: ints and bools, or two dicts; else the TypeError naming both types.
std::optional<Error> bitwise_or(const py::Value& a, const py::Value& b) {
  auto int_like = [](const py::Value& v) {
    return v.kind() == py::Kind::integer || v.kind() == py::Kind::boolean;
  };
  if ((int_like(a) && int_like(b)) || (a.as<py::Dict>() && b.as<py::Dict>())) return std::nullopt;
  return operand_type_error("|", py::type_name(a), py::type_name(b));
}

std::optional<Error> flops_profiler(const py::Dict& config) {
  const py::Value* block = config.find("flops_profiler");
  py::Value enabled = false;
  if (block != nullptr) {
    if (auto error = dict_method(*block, "get")) return error;
    if (const py::Value* given = block->as<py::Dict>()->find("enabled")) enabled = *given;
  }
  const py::Value* wall_clock = config.find("wall_clock_breakdown");
  return bitwise_or(wall_clock ? *wall_clock : py::Value(false), enabled);
}

constexpr std::array<std::string_view, 5> kSparseModes{"dense", "fixed", "variable", "bigbird",
                                                       "bslongformer"};

std::optional<Error> sparse_attention(const py::Dict& config) {
  const py::Value* v = config.find("sparse_attention");
  if (v == nullptr) return std::nullopt;
  if (auto error = dict_method(*v, "keys")) return error;
  const py::Value* mode = v->as<py::Dict>()->find("mode");
  if (mode == nullptr) return std::nullopt;  // "fixed"
  const py::Str* name = mode->as<py::Str>();
  if (name && std::find(kSparseModes.begin(), kSparseModes.end(), name->text) != kSparseModes.end())
    return std::nullopt;
  auto text = shown(*mode, "sparse_attention.mode");
  if (!text) return text.error();
  return raised("NotImplementedError", "Given sparsity mode, " + *text + ", has not been implemented yet!");
}

// get_checkpoint_tag_validation_mode, get_data_types_params' .get, get_checkpoint_parallel_write_pipeline.
std::optional<Error> checkpoint(const py::Dict& config) {
  const py::Value* block = config.find("checkpoint");
  const py::Dict* params = block ? block->as<py::Dict>() : nullptr;
  if (block != nullptr) {
    if (auto error = dict_method(*block, "get")) return error;
  }
  if (const py::Value* tag = params ? params->find("tag_validation") : nullptr) {
    const py::Str* s = tag->as<py::Str>();
    if (s == nullptr) return attribute_error(py::type_name(*tag), "upper");
    auto upper = py::upper(*s);
    if (!upper) return case_unmodelled("checkpoint.tag_validation");
    if (*upper != "WARN" && *upper != "IGNORE" && *upper != "FAIL") {
      return raised("DeepSpeedConfigError", "Checkpoint config contains invalid tag_validation value of " +
                                                *upper + ", expecting one of ['WARN', 'IGNORE', 'FAIL']");
    }
  }
  if (const py::Value* types = config.find("data_types")) {
    if (auto error = dict_method(*types, "get")) return error;
  }
  const py::Value* write = params ? params->find("parallel_write") : nullptr;
  if (write == nullptr) return std::nullopt;
  if (auto error = dict_method(*write, "get")) return error;
  const py::Value* stage = write->as<py::Dict>()->find("pipeline_stage");
  if (stage == nullptr) return std::nullopt;
  // `in [True, False]` compares with ==: a bool, or an int or float equal to 0 or 1.
  const bool flag = stage->kind() == py::Kind::boolean ||
                    (stage->as<py::Int>() &&
                     (*stage->as<py::Int>() == py::Int(0) || *stage->as<py::Int>() == py::Int(1))) ||
                    (stage->as<double>() && (*stage->as<double>() == 0.0 || *stage->as<double>() == 1.0));
  if (flag) return std::nullopt;
  auto text = shown(*stage, "checkpoint.parallel_write.pipeline_stage");
  if (!text) return text.error();
  return raised("DeepSpeedConfigError", "checkpoint::parallel_write::pipeline_stage value of '" + *text +
                                            "' is invalid, expecting: true or false");
}

}  // namespace

std::optional<Error> communication_types_check(const py::Dict& config) {
  if (auto error = communication_type(config, "communication_data_type")) return error;
  return communication_type(config, "seq_parallel_communication_data_type");
}

std::optional<Error> autocast_check(const py::Dict& config) {
  if (auto error = enabled_block(config, "amp")) return error;
  return torch_autocast(config);
}

std::optional<Error> later_features_check(const py::Dict& config) {
  if (const py::Value* scheduler = config.find("scheduler")) {
    if (auto error = dict_method(*scheduler, "keys")) return error;
  }
  if (auto error = flops_profiler(config)) return error;
  if (auto error = autotuning_check(config)) return error;
  if (auto error = eigenvalue_check(config)) return error;
  if (auto error = hybrid_engine_check(config)) return error;
  if (auto error = sparse_attention(config)) return error;
  if (const py::Value* pipeline = config.find("pipeline")) {
    if (auto error = dict_method(*pipeline, "items")) return error;
  }
  if (auto error = enabled_block(config, "progressive_layer_drop")) return error;
  if (auto error = data_pipeline_check(config)) return error;
  if (auto error = checkpoint(config)) return error;
  if (auto error = aio_check(config)) return error;
  if (const py::Value* nebula = config.find("nebula")) {  // DeepSpeedNebulaConfig: the block's .get
    if (auto error = dict_method(*nebula, "get")) return error;
  }
  if (auto error = checkpoint_writer_check(config)) return error;
  if (auto error = weight_quantization_check(config)) return error;
  if (auto error = compile_check(config)) return error;
  if (auto error = timers_check(config)) return error;
  if (auto error = tensor_parallel_check(config)) return error;
  return expert_parallel_check(config);
}

}  // namespace zfcheck
