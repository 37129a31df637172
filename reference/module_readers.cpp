// The readers of autotuning, data efficiency, aio, the checkpoint writer and AutoEP as their modules run
// them: the AttributeError of a method a value lacks, the AssertionError of a value out of its set, int()'s
// errors.
#include "reference/module_readers.hpp"

#include "reference/dict_reads.hpp"
#include "reference/py_repr.hpp"
#include "reference/py_text_number.hpp"
#include "reference/py_unicode.hpp"
#include "reference/zero_config.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <string_view>
#include <variant>

namespace zfcheck {

namespace {

// Python's int(value): whether it raises, and what.
std::optional<Error> int_call(const py::Value& value, std::string_view path) {
  switch (value.kind()) {
    case py::Kind::boolean:
    case py::Kind::integer:
      return std::nullopt;
    case py::Kind::floating: {
      const double d = *value.as<double>();
      if (std::isnan(d)) return raised("ValueError", "cannot convert float NaN to integer");
      if (std::isinf(d)) return raised("OverflowError", "cannot convert float infinity to integer");
      return std::nullopt;
    }
    case py::Kind::string: {
      auto read = py::int_of_text(*value.as<py::Str>());
      if (std::holds_alternative<py::TextNotModelled>(read))
        return unmodelled(std::string(path) + " given as this text is not modelled");
      if (std::holds_alternative<py::Int>(read)) return std::nullopt;
      auto text = py::repr_cut(value);
      if (!text) return unmodelled(std::string(path) + " given as this text is not modelled");
      return raised("ValueError", "invalid literal for int() with base 10: " + *text);
    }
    default:
      return raised("TypeError",
                    "int() argument must be a string, a bytes-like object or a real number, not '" +
                        std::string(py::type_name(value)) + "'");
  }
}

// block[key].get(...) where the block holds key: the AttributeError of a value that is not a dict.
std::optional<Error> nested_get(const py::Value& block, std::string_view key) {
  const py::Value* v = member(block, key);
  return v == nullptr ? std::nullopt : dict_method(*v, "get");
}

// A nested block's "enabled", read with .get (false when the block or the key is absent).
bool enabled(const py::Value& block, std::string_view key) {
  const py::Value* v = member(block, key);
  const py::Value* on = v == nullptr ? nullptr : member(*v, "enabled");
  return on != nullptr && on->truthy();
}

// get_dynamic_batching: the block's .get, int() of the batch bounds, max_tokens required where enabled.
std::optional<Error> dynamic_batching(const py::Value& sampling) {
  const py::Value* block = member(sampling, "dynamic_batching");
  if (block == nullptr) return std::nullopt;
  if (auto error = dict_method(*block, "get")) return error;
  const std::string path = "data_efficiency.data_sampling.dynamic_batching.";
  for (std::string_view key : {"min_batch_size", "max_batch_size"}) {
    if (const py::Value* v = member(*block, key)) {
      if (auto error = int_call(*v, path + std::string(key))) return error;
    }
  }
  const py::Value* on = member(*block, "enabled");
  if (on == nullptr || !on->truthy()) return std::nullopt;
  const py::Value* tokens = member(*block, "max_tokens");
  if (tokens == nullptr)
    return raised("AssertionError", "Dynamic batching is enabled, so max_tokens must be specified");
  return int_call(*tokens, path + "max_tokens");
}

// get_data_sampling: the block's .get, its curriculum_learning (.get; curriculum_metrics where enabled),
// then dynamic_batching.
std::optional<Error> data_sampling(const py::Value& efficiency) {
  if (auto error = nested_get(efficiency, "data_sampling")) return error;
  const py::Value* sampling = member(efficiency, "data_sampling");
  if (sampling == nullptr) return std::nullopt;
  if (auto error = nested_get(*sampling, "curriculum_learning")) return error;
  if (enabled(*sampling, "curriculum_learning") &&
      member(*member(*sampling, "curriculum_learning"), "curriculum_metrics") == nullptr)
    return raised("AssertionError", "Curriculum learning is enabled, curriculum_metrics must be specified");
  return dynamic_batching(*sampling);
}

// get_data_routing: the block's .get, then its random_ltd's.
std::optional<Error> data_routing(const py::Value& efficiency) {
  if (auto error = nested_get(efficiency, "data_routing")) return error;
  const py::Value* routing = member(efficiency, "data_routing");
  return routing == nullptr ? std::nullopt : nested_get(*routing, "random_ltd");
}

// Checkpoint writer values _validate_config_values takes (model_checkpointing/constants.py).
constexpr std::array<std::string_view, 3> kWriterTypes{"MOCK", "PYTHON", "FAST"};
constexpr std::array<std::string_view, 3> kDataParallelUnits{"REPLICA", "SOCKET", "MACHINE"};

// _make_upper_case(writer.get(key)): null stays null, a str is upper-cased, anything else has no upper().
tl::expected<std::optional<std::string>, Error> upper_cased(const py::Value& writer, std::string_view key) {
  const py::Value* v = member(writer, key);
  if (v == nullptr || v->kind() == py::Kind::none) return std::optional<std::string>();
  const py::Str* s = v->as<py::Str>();
  if (s == nullptr) return tl::unexpected(attribute_error(py::type_name(*v), "upper"));
  auto upper = py::upper(*s);
  if (!upper) return tl::unexpected(case_unmodelled("checkpoint.writer." + std::string(key)));
  return upper;
}

template <std::size_t N>
std::optional<Error> one_of(const std::optional<std::string>& value, std::string_view key,
                            const std::array<std::string_view, N>& set) {
  if (!value || std::find(set.begin(), set.end(), *value) != set.end()) return std::nullopt;
  std::string listed;
  for (std::string_view item : set) listed += (listed.empty() ? "'" : ", '") + std::string(item) + "'";
  return raised("AssertionError", "writer contains invalid value " + *value + " for " + std::string(key) +
                                      ", expecting one of [" + listed + "]");
}

}  // namespace

std::optional<Error> autotuning_check(const py::Dict& config) {
  const py::Value* block = config.find("autotuning");
  if (block == nullptr) return std::nullopt;
  if (auto error = dict_method(*block, "get")) return error;
  for (std::string_view key : {"results_dir", "exps_dir"}) {
    const py::Value* dir = member(*block, key);
    if (dir != nullptr && !dir->truthy())
      return raised("AssertionError", std::string(key) + " cannot be empty");
  }
  const py::Value* info = member(*block, "model_info");
  if (info == nullptr || info->kind() == py::Kind::none) return std::nullopt;
  return dict_method(*info, "get");
}

std::optional<Error> data_pipeline_check(const py::Dict& config) {
  if (auto error = enabled_block(config, "curriculum_learning")) return error;
  const py::Value* efficiency = config.find("data_efficiency");
  if (efficiency == nullptr) return std::nullopt;
  if (auto error = dict_method(*efficiency, "get")) return error;
  if (auto error = data_sampling(*efficiency)) return error;
  return data_routing(*efficiency);
}

std::optional<Error> aio_check(const py::Dict& config) {
  const py::Value* block = config.find("aio");
  if (block == nullptr || block->kind() == py::Kind::none) return std::nullopt;
  return dict_method(*block, "get");  // use_gds asks for a CUDA accelerator, which cases run on
}

std::optional<Error> checkpoint_writer_check(const py::Dict& config) {
  const py::Value* checkpoint = config.find("checkpoint");
  if (checkpoint == nullptr) return std::nullopt;  // a present one passed get_checkpoint_params' .get: a dict
  const py::Value* writer = member(*checkpoint, "writer");
  if (writer == nullptr || writer->kind() == py::Kind::none) return std::nullopt;
  if (auto error = dict_method(*writer, "get")) return error;
  auto type = upper_cased(*writer, "type");
  if (!type) return type.error();
  auto unit = upper_cased(*writer, "data_parallel");
  if (!unit) return unit.error();
  if (auto error = one_of(*type, "type", kWriterTypes)) return error;
  return one_of(*unit, "data_parallel", kDataParallelUnits);
}

std::optional<Error> expert_parallel_check(const py::Dict& config) {
  const py::Value* block = config.find("expert_parallel");
  if (block == nullptr || !block->truthy()) return std::nullopt;
  if (auto error = dict_method(*block, "get")) return error;
  const py::Value* coeff = block->as<py::Dict>()->find("load_balance_coeff");
  if (coeff == nullptr || coeff->kind() == py::Kind::none) return std::nullopt;
  auto text = shown_repr(*coeff, "expert_parallel.load_balance_coeff");
  if (!text) return text.error();
  return raised("ValueError",
                "load_balance_coeff=" + *text +
                    " is not supported in this AutoEP build (would register expert_bias and route "
                    "through unsupported auxiliary-loss-free load balancing). Set "
                    "load_balance_coeff to null or omit the key.");
}

}  // namespace zfcheck
