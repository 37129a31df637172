// The vocabulary and max_grad_norm warnings of DeepSpeedConfig (runtime/config.py).
#include "reference/config_warning_check.hpp"

#include "reference/deepspeed_warnings.hpp"
#include "reference/py_number.hpp"
#include "reference/py_percent_format.hpp"
#include "reference/zero_config.hpp"

#include <cmath>
#include <string>
#include <string_view>

namespace zfcheck {

namespace {

constexpr int kTensorCoreAlignSize = 8;  // runtime/constants.py TENSOR_CORE_ALIGN_SIZE

// A number as the checks below use it: str(value), value > 0, value % 8 == 0.
struct Printed {
  std::string text;
  bool positive = false;
  bool aligned = true;
};

// Nothing for a value that is not a bool, an int or a float.
std::optional<Printed> printed(const py::Value& v) {
  if (const bool* b = v.as<bool>()) return Printed{*b ? "True" : "False", *b, !*b};
  if (const py::Int* i = v.as<py::Int>())  // % 8 is zero whatever the sign
    return Printed{py::number_text(*i), py::number_positive(*i), *i % kTensorCoreAlignSize == 0};
  if (const double* f = v.as<double>())
    return Printed{py::number_text(*f), py::number_positive(*f), std::fmod(*f, kTensorCoreAlignSize) == 0};
  return std::nullopt;
}

// The AttributeError of `value.name` on a JSON value that has no such method.
Error no_attribute(const py::Value& value, std::string_view name) {
  return attribute_error(py::type_name(value), name);
}

}  // namespace

tl::expected<const py::Value*, Error> optimizer_params(const py::Dict& config) {
  const py::Value* optimizer = config.find("optimizer");
  if (optimizer == nullptr) return nullptr;
  const py::Dict* dict = optimizer->as<py::Dict>();
  if (dict == nullptr) return tl::unexpected(no_attribute(*optimizer, "keys"));  // param_dict[OPTIMIZER].keys()
  const py::Value* type = dict->find("type");
  if (type == nullptr || type->kind() == py::Kind::none) return nullptr;
  if (type->as<py::Str>() == nullptr) return tl::unexpected(no_attribute(*type, "lower"));  // optimizer_name.lower()
  return dict->find("params");
}

std::optional<Error> warning_check(const py::Dict& config, bool fp16_enabled, const py::Value* params,
                                   std::vector<std::string>& warnings) {
  const py::Value* vocabulary = config.find("vocabulary_size");
  if (vocabulary != nullptr && vocabulary->truthy()) {
    if (vocabulary->kind() == py::Kind::list || vocabulary->kind() == py::Kind::dict) {
      return operand_type_error("%", py::type_name(*vocabulary), "int");
    }
    auto size = printed(*vocabulary);
    if (!size) {  // a str: % formats 8 into it, and the text it makes is never 0
      const py::Str& format = *vocabulary->as<py::Str>();
      auto formatted = py::format_one_int(format);
      if (const Error* error = std::get_if<Error>(&formatted)) return *error;
      if (std::holds_alternative<py::FormatNotModelled>(formatted))
        return unmodelled(
            "vocabulary_size given as text with a width or precision above 2^24 is not modelled");
      warnings.push_back(vocabulary_size_warning(format.text));
    } else if (!size->aligned) {
      warnings.push_back(vocabulary_size_warning(size->text));
    }
  }
  if (params == nullptr || params->kind() == py::Kind::none) return std::nullopt;
  const py::Dict* dict = params->as<py::Dict>();
  if (dict == nullptr) return no_attribute(*params, "keys");
  const py::Value* norm = dict->find("max_grad_norm");
  if (norm == nullptr) return std::nullopt;
  auto value = printed(*norm);
  if (!value) {  // max_grad_norm > 0
    return comparison_type_error(">", py::type_name(*norm), "int");
  }
  if (!value->positive) return std::nullopt;
  warnings.push_back(max_grad_norm_warning(fp16_enabled, value->text));
  return std::nullopt;
}

}  // namespace zfcheck
