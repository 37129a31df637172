// The techniques of compression_training as compression/config.py reads them, one table row each, and the
// eigenvalue keys runtime/config.py reads when weight quantization is on.
#include "reference/compression_config.hpp"

#include "reference/dict_reads.hpp"
#include "reference/py_number.hpp"
#include "reference/zero_config.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <compare>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

namespace {

// A shared parameter that must be one of a set of strs (Python's `in [...]`: only an equal str passes).
struct SharedChoice {
  std::string_view key;  // its default, when the shared parameters do not give it, is allowed
  std::vector<std::string_view> allowed;
  std::string_view message;
};

struct Technique {
  std::string_view key;
  std::vector<SharedChoice> choices;  // in the order the shared parameters are checked
  std::string_view groups_message;    // the AssertionError where different_groups is required and missing
  std::vector<std::string_view> group_keys;  // each group's params must hold these, in order
  std::string_view group_what;               // "<key> must be specified for <group_what> group <name>"
};

const std::array<Technique, 6>& techniques() {
  static const std::array<Technique, 6> table{{
      {"weight_quantization",
       {{"quantization_type",
         {"symmetric", "asymmetric"},
         "Invalid weight quantize type. Supported types: [symmetric, asymmetric]"},
        {"rounding",
         {"nearest", "stochastic"},
         "Invalid weight quantize rounding. Supported types: [nearest, stochastic]"}},
       "Weigh Quantization is enabled, different_groups must be specified",
       {"start_bits", "target_bits"},
       "weight quantization"},
      {"activation_quantization",
       {{"quantization_type",
         {"symmetric", "asymmetric"},
         "Invalid activation quantize type. Supported types: [symmetric, asymmetric]"},
        {"range_calibration",
         {"dynamic", "static"},
         "Invalid activation quantize range calibration. Supported types: [dynamic, static]"}},
       "Activation Quantization is enabled, different_groups must be specified",
       {"bits"},
       "activation quantization"},
      {"sparse_pruning",
       {{"method",
         {"l1", "topk", "snip_momentum"},
         "Invalid sparse pruning method. Supported types: [l1, topk, snip_momentum]"}},
       "Sparse Pruning is enabled and not snip_momentum method, different_groups must be specified",
       {"dense_ratio"},
       "sparse pruning"},
      {"row_pruning",
       {{"method", {"l1", "topk"}, "Invalid row pruning method. Supported types: [l1, topk]"}},
       "Row Pruning is enabled, different_groups must be specified",
       {"dense_ratio"},
       "row pruning"},
      {"head_pruning",
       {{"method", {"l1", "topk"}, "Invalid head pruning method. Supported types: [l1, topk]"}},
       "Head Pruning is enabled, different_groups must be specified",
       {"dense_ratio"},
       "head pruning"},
      {"channel_pruning",
       {{"method", {"l1", "topk"}, "Invalid channel pruning method. Supported types: [l1, topk]"}},
       "Sparse Pruning is enabled, different_groups must be specified",  // sic: upstream's words
       {"dense_ratio"},
       "channel pruning"},
  }};
  return table;
}

// `key in value.keys()`: the AttributeError of a value that is not a dict, else whether it holds the key.
tl::expected<bool, Error> holds(const py::Value& value, std::string_view key) {
  if (auto error = dict_method(value, "keys")) return tl::unexpected(std::move(*error));
  return member(value, key) != nullptr;
}

bool truthy_entry(const py::Value& dict, std::string_view key) {
  const py::Value* v = member(dict, key);
  return v != nullptr && v->truthy();
}

// Python's a == b for two items of JSON containers, as a list or dict compares them (identity first):
// numbers by value, but two NaNs equal, since json.loads gives every NaN one object; strs, None, lists
// item by item, dicts key by key.
bool python_equal(const py::Value& a, const py::Value& b) {
  const double* fa = a.as<double>();
  const double* fb = b.as<double>();
  if (fa && fb && std::isnan(*fa) && std::isnan(*fb)) return true;
  if (auto x = py::number_of(a), y = py::number_of(b); x && y) return py::number_equals(*x, *y);
  if (a.as<py::None>() && b.as<py::None>()) return true;
  if (const py::Str* sa = a.as<py::Str>(), *sb = b.as<py::Str>(); sa && sb) return sa->text == sb->text;
  if (const py::List* la = a.as<py::List>(), *lb = b.as<py::List>(); la && lb) {
    return la->size() == lb->size() && std::equal(la->begin(), la->end(), lb->begin(), python_equal);
  }
  if (const py::Dict* da = a.as<py::Dict>(), *db = b.as<py::Dict>(); da && db) {
    return da->size() == db->size() &&
           std::all_of(da->entries().begin(), da->entries().end(), [&](const auto& e) {
             const py::Value* other = db->find(e.first.text);
             return other != nullptr && python_equal(e.second, *other);
           });
  }
  return false;
}

// Python's a <op> b for two JSON values: numbers, two strs by code point, or two lists as Python orders them
// (at the first pair of items that differ, those items; else the lengths); a TypeError across other types;
// `same` where b is a itself (the default schedule_offset_end), which a list equals and a dict cannot order.
tl::expected<std::partial_ordering, Error> compare(const py::Value& a, const py::Value& b,
                                                   std::string_view op, bool same) {
  if (auto x = py::number_of(a), y = py::number_of(b); x && y) return py::number_compare(*x, *y);
  const py::Str* sa = a.as<py::Str>();
  const py::Str* sb = b.as<py::Str>();
  if (sa && sb) return sa->text <=> sb->text;  // WTF-8 orders as code points do
  if (same && a.as<py::List>()) return std::partial_ordering::equivalent;
  if (const py::List* la = a.as<py::List>(), *lb = b.as<py::List>(); la && lb) {
    for (std::size_t i = 0; i < std::min(la->size(), lb->size()); ++i) {
      if (!python_equal((*la)[i], (*lb)[i])) return compare((*la)[i], (*lb)[i], op, false);
    }
    return la->size() <=> lb->size();
  }
  return tl::unexpected(comparison_type_error(op, py::type_name(a), py::type_name(b)));
}

// get_sparse_pruning_shared_parameters' snip_momentum bounds: 0 < dense_ratio < 1, then schedule_offset <=
// schedule_offset_end (which defaults to schedule_offset itself).
std::optional<Error> snip_momentum_bounds(const py::Value& shared) {
  const py::Value* given_ratio = member(shared, "dense_ratio");
  const py::Value ratio = given_ratio ? *given_ratio : py::Value(0.1);
  const py::Value zero(0), one(1);
  auto positive = compare(ratio, zero, ">", false);
  if (!positive) return positive.error();
  if (*positive == std::partial_ordering::greater) {
    auto below_one = compare(ratio, one, "<", false);
    if (!below_one) return below_one.error();
    if (*below_one == std::partial_ordering::less) {
      const py::Value* given_offset = member(shared, "schedule_offset");
      const py::Value offset = given_offset ? *given_offset : py::Value(1000);
      const py::Value* end = member(shared, "schedule_offset_end");
      auto order = compare(offset, end ? *end : offset, "<=", end == nullptr);
      if (!order) return order.error();
      if (*order == std::partial_ordering::less || *order == std::partial_ordering::equivalent)
        return std::nullopt;
      return raised("AssertionError", "Invalid schedule_offset and schedule_offset_end values");
    }
  }
  return raised("AssertionError", "Invalid dense_ratio value. Must be less than 1");
}

// get_<technique>_shared_parameters: its .get, each choice, then the technique's own rules; `groups_required`
// says whether different_groups must then be given (enabled, and for sparse pruning not snip_momentum).
std::optional<Error> shared_parameters(const Technique& t, const py::Value& block, bool& groups_required) {
  auto has = holds(block, "shared_parameters");
  if (!has) return has.error();
  groups_required = false;
  if (!*has) return std::nullopt;
  const py::Value& shared = *member(block, "shared_parameters");
  if (auto error = dict_method(shared, "get")) return error;
  for (const SharedChoice& c : t.choices) {
    const py::Value* v = member(shared, c.key);
    const py::Str* s = v ? v->as<py::Str>() : nullptr;
    const bool allowed = v == nullptr || (s && std::any_of(c.allowed.begin(), c.allowed.end(),
                                                           [s](std::string_view a) { return *s == a; }));
    if (!allowed) return raised("AssertionError", c.message);
  }
  groups_required = truthy_entry(shared, "enabled");
  if (t.key == "weight_quantization") {
    if (const py::Value* mixed = member(shared, "fp16_mixed_quantize")) {
      if (auto error = dict_method(*mixed, "get")) return error;
    }
  }
  if (const py::Value* method = member(shared, "method");
      t.key == "sparse_pruning" && method && *method->as<py::Str>() == "snip_momentum") {
    groups_required = false;
    return snip_momentum_bounds(shared);
  }
  if (t.key == "head_pruning" && groups_required && member(shared, "num_heads") == nullptr)
    return raised("AssertionError", "num_heads must be specified for head pruning");
  return std::nullopt;
}

// get_<technique>_different_groups: different_groups by key, its .items(), each group's params by key and
// their required keys.
std::optional<Error> different_groups(const Technique& t, const py::Value& block) {
  const py::Value* groups = member(block, "different_groups");
  if (groups == nullptr) return raised("KeyError", "'different_groups'");
  if (auto error = dict_method(*groups, "items")) return error;
  for (const auto& [name, group] : groups->as<py::Dict>()->entries()) {
    if (group.as<py::Dict>() == nullptr) return str_index_error(group);
    const py::Value* params = member(group, "params");
    if (params == nullptr) return raised("KeyError", "'params'");
    for (std::string_view required : t.group_keys) {
      auto has = holds(*params, required);
      if (!has) return has.error();
      if (*has) continue;
      auto shown_name = shown(py::Value(name), "compression_training group names");
      if (!shown_name) return shown_name.error();
      return raised("AssertionError", std::string(required) + " must be specified for " +
                                          std::string(t.group_what) + " group " + *shown_name);
    }
  }
  return std::nullopt;
}

std::optional<Error> technique(const Technique& t, const py::Value& training) {
  const py::Value* block = member(training, t.key);
  if (block == nullptr) return std::nullopt;  // upstream fills in empty shared parameters and groups
  bool groups_required = false;
  if (auto error = shared_parameters(t, *block, groups_required)) return error;
  if (groups_required) {
    auto has = holds(*block, "different_groups");
    if (!has) return has.error();
    if (!*has) return raised("AssertionError", t.groups_message);
  }
  return different_groups(t, *block);
}

// get_quantize_enabled, once get_compression_config has passed (compression_training, where given, is a
// dict): it reads weight quantization's shared parameters from compression_training itself, not from its
// weight_quantization block, so only a shared_parameters at the top of compression_training (which no
// technique reads) is checked here as weight quantization's are, and its "enabled" decides.
tl::expected<bool, Error> quantize_enabled(const py::Dict& config) {
  const py::Value* training = config.find("compression_training");
  if (training == nullptr) return false;
  bool enabled = false;
  if (auto error = shared_parameters(techniques()[0], *training, enabled)) return tl::unexpected(*error);
  return enabled;
}

}  // namespace

std::optional<Error> compression_check(const py::Dict& config) {
  const py::Value* training = config.find("compression_training");
  if (training == nullptr) return std::nullopt;
  for (const Technique& t : techniques()) {
    auto has = holds(*training, t.key);  // `key not in param_dict.keys()`, read for every technique
    if (!has) return has.error();
    if (auto error = technique(t, *training)) return error;
  }
  const py::Value* reduction = member(*training, "layer_reduction");
  return reduction == nullptr ? std::nullopt : dict_method(*reduction, "get");
}

std::optional<Error> eigenvalue_check(const py::Dict& config) {
  auto quantize = quantize_enabled(config);
  if (!quantize) return quantize.error();
  if (!*quantize) return std::nullopt;
  const py::Value* training = config.find("quantize_training");
  if (training == nullptr || training->kind() == py::Kind::none) return std::nullopt;
  auto has = holds(*training, "eigenvalue");
  if (!has) return has.error();
  if (!*has) return std::nullopt;
  const py::Value& eigenvalue = *member(*training, "eigenvalue");
  if (auto error = dict_method(eigenvalue, "get")) return error;
  if (truthy_entry(eigenvalue, "enabled"))
    return raised("AssertionError", "Eigenvalue based MoQ is temporarily disabled");
  return std::nullopt;
}

}  // namespace zfcheck
