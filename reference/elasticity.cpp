// DeepSpeed's elastic training as DeepSpeedConfig.__init__ runs it: elasticity_enabled, ElasticityConfig's
// checks, compute_elastic_config's choice of batch size, valid GPU counts and micro batch (versions 0.1 and
// 0.2), then the batch values written over the config's (runtime/config.py, elasticity/).
#include "reference/elasticity.hpp"

#include "reference/deepspeed_warnings.hpp"
#include "reference/dict_reads.hpp"
#include "reference/divisors.hpp"
#include "reference/py_arith.hpp"
#include "reference/py_repr.hpp"
#include "reference/py_text_number.hpp"
#include "reference/zero_config.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <map>
#include <numeric>
#include <variant>

namespace zfcheck {

namespace {

using py::Number;

constexpr std::string_view kBlock = "elasticity";
// A bound past every batch size and GPU count the search meets (each fits in int64): a min_gpus or max_gpus
// beyond it compares with them as it does.
constexpr std::int64_t kBeyond = std::int64_t{1} << 62;
// numpy compares an int64 with a float by converting it to float64, which rounds from here on; Python
// compares exactly.
constexpr std::int64_t kNumpyExact = std::int64_t{1} << 53;
// HCN_LIST: the 38 smallest highly composite numbers (elasticity.py).
constexpr std::array<std::int64_t, 38> kHcn{
    1,     2,     4,     6,      12,     24,     36,     48,     60,     120,    180,    240,   360,
    720,   840,   1260,  1680,   2520,   5040,   7560,   10080,  15120,  20160,  25200,  27720, 45360,
    50400, 55440, 83160, 110880, 166320, 221760, 277200, 332640, 498960, 554400, 665280, 720720};

Error config_error(std::string message) { return raised("ElasticityConfigError", message); }

std::int64_t floor_div(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
std::int64_t floor_mod(std::int64_t a, std::int64_t b) { return a - floor_div(a, b) * b; }

Number int_number(std::int64_t v) { return Number(py::Int(v)); }
bool less(const Number& a, const Number& b) {
  return py::number_compare(a, b) == std::partial_ordering::less;
}
bool at_most(const Number& a, const Number& b) {
  const auto order = py::number_compare(a, b);
  return order == std::partial_ordering::less || order == std::partial_ordering::equivalent;
}
std::string_view number_type(const Number& n) {
  return std::holds_alternative<py::Int>(n) ? "int" : std::holds_alternative<double>(n) ? "float" : "bool";
}

// The first i of `for i in range(1, ...)` that `if i < bound: continue` lets through.
std::int64_t first_at_least(const Number& bound) {
  if (const double* d = std::get_if<double>(&bound))
    return std::isnan(*d) ? 1 : static_cast<std::int64_t>(std::clamp(std::ceil(*d), 1.0, double(kBeyond)));
  return py::clamp_to(*py::int_of_number(bound), 1, kBeyond);
}
// The last i before `if i > bound: break` stops that loop (0: none).
std::int64_t last_at_most(const Number& bound) {
  if (const double* d = std::get_if<double>(&bound))
    return std::isnan(*d) ? kBeyond
                          : static_cast<std::int64_t>(std::clamp(std::floor(*d), 0.0, double(kBeyond)));
  return py::clamp_to(*py::int_of_number(bound), 0, kBeyond);
}

// A valid GPU count (or batch size) and whether it is a numpy int64 rather than a Python int or float: what
// the micro batches' lcm, np.lcm.reduce's int64, passes on to what is computed from it.
struct Count {
  Number value;
  bool numpy;
};
using Counts = std::vector<Count>;

// str() of a list of them; nothing where a numpy scalar is among them, which numpy 1 prints as 12 and numpy
// 2 as np.int64(12).
std::optional<std::string> list_repr(const Counts& values) {
  std::string out = "[";
  for (const Count& c : values) {
    if (c.numpy) return std::nullopt;
    out += (out.size() > 1 ? ", " : "") + py::number_text(c.value);
  }
  return out + "]";
}

// A field ElasticityConfig compares with an int (absent: its default): a number, as Python computes with
// it, or the TypeError of `value < bound` for anything else.
tl::expected<Number, Error> compared_field(const py::Dict& block, std::string_view key,
                                           std::int64_t fallback) {
  const py::Value* v = block.find(key);
  if (v == nullptr) return int_number(fallback);
  auto n = py::number_of(*v);
  if (!n) return tl::unexpected(comparison_type_error("<", py::type_name(*v), "int"));
  return *n;
}

// str() of a field for the messages that print it (absent: its default).
tl::expected<std::string, Error> field_text(const py::Dict& block, std::string_view key,
                                            std::int64_t fallback) {
  const py::Value* v = block.find(key);
  return v == nullptr ? std::to_string(fallback) : shown(*v, std::string(kBlock) + "." + std::string(key));
}

// A field that ElasticityConfig refuses below `least`, in its words: `refusal` then the value.
tl::expected<Number, Error> bounded_field(const py::Dict& block, std::string_view key, std::int64_t fallback,
                                          std::int64_t least, std::string_view refusal) {
  auto value = compared_field(block, key, fallback);
  if (value && less(*value, int_number(least)))
    return tl::unexpected(config_error(std::string(refusal) + py::number_text(*value)));
  return value;
}

// ElasticityConfig(block) with enabled truthy: the values compute_elastic_config reads.
struct Settings {
  const py::Value* max_batch;  // max_train_batch_size, read where it is first used
  std::vector<std::int64_t> micro_batches;  // a bool (only True gets here) as 1
  const py::Value* micro_list;              // as given, for the messages that print it
  bool numpy_lcm_refuses;                   // the list is empty or holds only bools (numpy_lcm_refusal)
  // set(micro_batches) keeps the first of equal values: when that 1 is True, a micro batch of 1 is True.
  bool one_is_true;
  Number min_gpus, max_gpus, model_parallel, gpus_per_node;
  const py::Value* version;  // as given (0.2 when absent)
  bool prefer_larger;
};

// min_gpus and max_gpus: `min_gpus < 1 or max_gpus < 1`, then `max_gpus < min_gpus`.
tl::expected<void, Error> read_gpu_bounds(const py::Dict& block, Settings& s) {
  auto min_gpus = compared_field(block, "min_gpus", 1);
  if (!min_gpus) return tl::unexpected(min_gpus.error());
  const auto refused = [&](std::string_view why) -> Error {
    auto min_text = field_text(block, "min_gpus", 1);
    if (!min_text) return min_text.error();
    auto max_text = field_text(block, "max_gpus", 10000);
    if (!max_text) return max_text.error();
    return config_error("Elasticity " + std::string(why) + ", given min_gpus: " + *min_text +
                        ", max_gpus: " + *max_text);
  };
  const Number one = int_number(1);
  if (less(*min_gpus, one)) return tl::unexpected(refused("min/max gpus must be > 0"));
  auto max_gpus = compared_field(block, "max_gpus", 10000);
  if (!max_gpus) return tl::unexpected(max_gpus.error());
  if (less(*max_gpus, one)) return tl::unexpected(refused("min/max gpus must be > 0"));
  if (less(*max_gpus, *min_gpus)) return tl::unexpected(refused("min_gpus cannot be greater than max_gpus"));
  s.min_gpus = *min_gpus;
  s.max_gpus = *max_gpus;
  return {};
}

tl::expected<Settings, Error> read_settings(const py::Dict& block) {
  Settings s{};
  s.max_batch = block.find("max_train_batch_size");
  if (s.max_batch == nullptr)
    return tl::unexpected(config_error("Elasticity config missing max_train_batch_size"));
  s.micro_list = block.find("micro_batch_sizes");
  if (s.micro_list == nullptr)
    return tl::unexpected(config_error("Elasticity config missing micro_batch_sizes"));
  const py::List* list = s.micro_list->as<py::List>();
  if (list == nullptr) {
    auto shown = py::str(*s.micro_list);
    if (!shown)
      return tl::unexpected(unmodelled("elasticity.micro_batch_sizes given as this text is not modelled"));
    return tl::unexpected(
        config_error("Elasticity expected value of micro_batch_sizes to be a list of micro batches, "
                     "instead is: <class '" +
                     std::string(py::type_name(*s.micro_list)) + "'>, containing: " + *shown));
  }
  auto shown = py::repr(*s.micro_list);
  const bool ints = std::all_of(list->begin(), list->end(), [](const py::Value& m) {
    return m.kind() == py::Kind::integer || m.kind() == py::Kind::boolean;  // isinstance(m, int)
  });
  const bool positive = ints && std::all_of(list->begin(), list->end(), [](const py::Value& m) {
                          if (const bool* b = m.as<bool>()) return *b;
                          return *m.as<py::Int>() > py::Int(0);
                        });
  if (!ints || !positive) {
    if (!shown)
      return tl::unexpected(unmodelled("elasticity.micro_batch_sizes holding this text is not modelled"));
    return tl::unexpected(config_error("Elasticity expected micro_batch_sizes to only contain " +
                                       std::string(ints ? "positive integers" : "a list of integers") +
                                       ", instead contains: f" + *shown));
  }
  bool only_bools = true;
  bool one_seen = false;
  for (const py::Value& m : *list) {
    const py::Int* i = m.as<py::Int>();
    auto value = i ? py::to_int64(*i) : std::optional<std::int64_t>(1);  // else True
    if (!value) {
      return tl::unexpected(
          unmodelled("elasticity.micro_batch_sizes holding an int past int64 is not modelled (numpy holds "
                     "the list as int64 or not by its version)"));
    }
    only_bools = only_bools && i == nullptr;
    if (*value == 1 && !one_seen) s.one_is_true = i == nullptr;
    one_seen = one_seen || *value == 1;
    s.micro_batches.push_back(*value);
  }
  s.numpy_lcm_refuses = only_bools;  // an empty list too
  if (auto bounds = read_gpu_bounds(block, s); !bounds) return tl::unexpected(bounds.error());
  auto model_parallel =
      bounded_field(block, "model_parallel_size", 1, 1,
                    "Model-Parallel size cannot be less than 1, given model-parallel size: ");
  if (!model_parallel) return tl::unexpected(model_parallel.error());
  auto per_node =
      bounded_field(block, "num_gpus_per_node", 1, 1,
                    "Number of GPUs per node cannot be less than 1, given number of GPUs per node: ");
  if (!per_node) return tl::unexpected(per_node.error());
  auto min_time = bounded_field(block, "min_time", 0, 0, "Elasticity min time needs to be >= 0: given ");
  if (!min_time) return tl::unexpected(min_time.error());
  s.model_parallel = *model_parallel;
  s.gpus_per_node = *per_node;
  s.version = block.find("version");
  const py::Value* prefer = block.find("prefer_larger_batch");
  s.prefer_larger = prefer == nullptr || prefer->truthy();
  return s;
}

// float(version), and str(version) for the messages that print it.
struct Version {
  double value;
  std::string text;
};
tl::expected<Version, Error> read_version(const py::Value* version) {
  if (version == nullptr) return Version{0.2, "0.2"};
  auto text = py::str(*version);
  if (const py::Int* i = version->as<py::Int>()) {
    auto d = py::to_double(*i);
    if (d && text) return Version{*d, *text};
  } else if (const double* d = version->as<double>()) {
    return Version{*d, *text};
  } else if (const bool* b = version->as<bool>()) {
    return Version{*b ? 1.0 : 0.0, *text};
  } else if (const py::Str* s = version->as<py::Str>()) {
    auto parsed = py::float_of_text(*s);
    if (const double* d = std::get_if<double>(&parsed)) return Version{*d, *text};
    auto shown = py::repr(*version);  // nothing where Pythons print it differently
    if (std::holds_alternative<py::TextRefused>(parsed) && shown)
      return tl::unexpected(raised("ValueError", "could not convert string to float: " + *shown));
  }
  return tl::unexpected(unmodelled("elasticity.version of this value is not modelled"));
}

// What _get_compatible_gpus_v01 and v02 return that compute_elastic_config reads: the batch size (a float
// where v0.2 computed one) and the valid GPU counts (nothing: None).
struct Choice {
  Number batch;
  std::optional<Counts> valid;
};

// np.lcm.reduce of an empty list (float64) or of bools alone (bool), which has no loop for them: its error,
// worded differently by each numpy version, is not modelled.
Error numpy_lcm_refusal() {
  return unmodelled(
      "elasticity.micro_batch_sizes empty or holding only bools is not modelled (numpy's lcm refuses it, in "
      "words of its numpy version)");
}

// get_valid_gpus for a batch size (a numpy int64 or not): batch // micro batch is of the batch's type, the
// factors below it that range() walks to (as Python ints) are its divisors within the bounds, found from
// its prime factors rather than one step each; sorted, the first of equal values kept, as sorted(set(...))
// keeps it.
Counts valid_gpus(std::int64_t batch, bool batch_numpy, const std::vector<std::int64_t>& micro,
                  const Number& min_gpus, const Number& max_gpus) {
  std::map<std::int64_t, bool> out;
  const std::int64_t first = first_at_least(min_gpus), last_allowed = last_at_most(max_gpus);
  for (std::int64_t mb : micro) {
    if (floor_mod(batch, mb) != 0) continue;
    const std::int64_t gpus = floor_div(batch, mb);
    if (at_most(min_gpus, int_number(gpus)) && at_most(int_number(gpus), max_gpus))
      out.emplace(gpus, batch_numpy);
    const std::int64_t last = std::min(floor_div(gpus, 2), last_allowed);
    if (first > last) continue;  // also gpus 0, whose range() is empty
    for (std::int64_t i : divisors(gpus)) {
      if (i > last) break;
      if (i >= first) out.emplace(i, false);
    }
  }
  Counts counts;
  for (const auto& [value, numpy] : out) counts.push_back(Count{int_number(value), numpy});
  return counts;
}

// _get_compatible_gpus_v01: candidates from each micro batch and their lcm scaled by a highly composite
// number, then the one with the most valid GPU counts (the larger, or with prefer_larger false the smaller,
// among equals). `max_batch`, `min_gpus` and `max_gpus` are numbers, as Python compares and divides them.
tl::expected<Choice, Error> compatible_v01(const std::vector<std::int64_t>& micro, bool numpy_lcm_refuses,
                                           const Number& max_batch, const Number& min_gpus_given,
                                           const Number& max_gpus_given, bool prefer_larger) {
  const Number min_gpus = py::number_truthy(min_gpus_given) ? min_gpus_given : int_number(1);
  Number max_gpus = max_gpus_given;
  if (!py::number_truthy(max_gpus)) {
    if (micro.empty()) return tl::unexpected(raised("ValueError", "min() arg is an empty sequence"));
    auto per_smallest =
        py::number_floor_divide(max_batch, int_number(*std::min_element(micro.begin(), micro.end())));
    if (!per_smallest) return tl::unexpected(per_smallest.error());
    max_gpus = *per_smallest;
  }
  if (std::any_of(micro.begin(), micro.end(),
                  [&](std::int64_t mb) { return !at_most(int_number(mb), max_batch); })) {
    return tl::unexpected(raised("ValueError",
                                 "All micro batches must be less than             or equal to "
                                 "max_acceptable_batch_size: " +
                                     py::number_text(max_batch)));
  }
  if (numpy_lcm_refuses) return tl::unexpected(numpy_lcm_refusal());
  const std::int64_t smallest = *std::min_element(micro.begin(), micro.end());
  std::int64_t lcm = 1;
  for (std::int64_t mb : micro) {
    const std::int64_t step = lcm / std::gcd(lcm, mb);
    if (step > std::numeric_limits<std::int64_t>::max() / mb)  // numpy's int64 lcm wraps here
      return tl::unexpected(
          unmodelled("elasticity.micro_batch_sizes whose lcm passes int64 is not modelled"));
    lcm = step * mb;
  }
  // The bases: the micro batches (Python ints), then their lcm (a numpy int64, as is a candidate scaled
  // from it).
  std::vector<std::pair<std::int64_t, bool>> bases;
  for (std::int64_t mb : micro) bases.emplace_back(mb, false);
  bases.emplace_back(lcm, true);
  if (const py::Int* i = py::int_of(max_batch); i && !py::to_int64(*i)) {
    return tl::unexpected(
        unmodelled("elasticity whose max_train_batch_size (per node) passes int64 is not modelled (numpy 1 "
                   "divides it by "
                   "the lcm, numpy 2 refuses a Python int out of int64's bounds)"));
  }
  std::map<std::int64_t, bool> candidates;  // set() keeps the first of equal values
  const auto numpy_rounds = [] {
    return unmodelled(
        "elasticity whose batch size scaled from the lcm reaches 2^53 is not modelled (numpy compares its "
        "int64 "
        "with floats rounded)");
  };
  for (const auto& [base, numpy] : bases) {
    const auto order = py::number_compare(int_number(base), max_batch);
    if (order == std::partial_ordering::greater) continue;
    if (order == std::partial_ordering::equivalent) {
      if (numpy && base >= kNumpyExact) return tl::unexpected(numpy_rounds());
      candidates.emplace(base, numpy);
      continue;
    }
    const Number value = *py::number_floor_divide(max_batch, int_number(base));  // base >= 1
    // np.argmax(HCN > value) - 1: the largest HCN not above value, or the last when every one is (or
    // none is, or value is NaN).
    auto above =
        std::find_if(kHcn.begin(), kHcn.end(), [&](std::int64_t h) { return less(value, int_number(h)); });
    const std::int64_t scale = above == kHcn.end() || above == kHcn.begin() ? kHcn.back() : *(above - 1);
    if (base > std::numeric_limits<std::int64_t>::max() / scale) {
      return tl::unexpected(unmodelled(
          "elasticity whose candidate batch size passes int64 is not modelled (a Python int past it, or "
          "numpy's int64 wrapping)"));
    }
    if (numpy && scale * base >= kNumpyExact) return tl::unexpected(numpy_rounds());
    candidates.emplace(scale * base, numpy);
  }
  std::int64_t most = 0, chosen = smallest;
  std::optional<Counts> valid;
  for (const auto& [batch, numpy] : candidates) {
    auto gpus = valid_gpus(batch, numpy, micro, min_gpus, max_gpus);
    const auto count = static_cast<std::int64_t>(gpus.size());
    if (count > most || (count == most && (prefer_larger ? batch > chosen : batch < chosen))) {
      most = count;
      valid = std::move(gpus);
      chosen = batch;
    }
  }
  return Choice{int_number(chosen), std::move(valid)};
}

// Version 0.1's choice for the block's own values: a max_train_batch_size that is no number fails on
// `mb <= max_acceptable_batch_size` for the first micro batch (with none, all() compares nothing and numpy's
// lcm refuses the empty list).
tl::expected<Choice, Error> compatible_v01_given(const Settings& s) {
  auto max_batch = py::number_of(*s.max_batch);
  if (max_batch) {
    return compatible_v01(s.micro_batches, s.numpy_lcm_refuses, *max_batch, s.min_gpus, s.max_gpus,
                          s.prefer_larger);
  }
  if (s.micro_batches.empty()) return tl::unexpected(numpy_lcm_refusal());
  const py::Value& first = s.micro_list->as<py::List>()->front();
  return tl::unexpected(comparison_type_error("<=", py::type_name(first), py::type_name(*s.max_batch)));
}

// i * dp_size_per_node for a valid count: a numpy int64 stays one, below 2^53 (past it numpy compares it
// with floats rounded, and past int64 wraps it or refuses, by its version).
tl::expected<Count, Error> scaled(const Count& count, const Number& per_node) {
  auto product = py::number_multiply(count.value, per_node);
  if (!product) return tl::unexpected(product.error());
  const py::Int* i = py::int_of(*product);
  if (count.numpy && i && (*i >= kNumpyExact || *i <= -kNumpyExact)) {
    return tl::unexpected(
        unmodelled("elasticity whose valid GPU count reaches 2^53 as numpy's is not modelled"));
  }
  return Count{*product, count.numpy};
}

// int(a / b), each a number: the ValueError and OverflowError of int() where the quotient is not finite.
tl::expected<Number, Error> int_of_quotient(const Number& a, const Number& b) {
  auto q = py::number_true_divide(a, b);
  if (!q) return tl::unexpected(q.error());
  auto i = py::int_of_number(Number(*q));
  if (!i) return tl::unexpected(i.error());
  return Number(*i);
}

// _get_compatible_gpus_v02 for `gpus` (the world size: an int, or the float sequence_parallel_size made of
// it; never 0).
tl::expected<Choice, Error> compatible_v02(const std::vector<std::int64_t>& micro, const py::Value& max_given,
                                           const Number& gpus, const Settings& s) {
  auto remainder = py::number_remainder(s.gpus_per_node, s.model_parallel);  // model_parallel >= 1 or NaN
  if (!remainder) return tl::unexpected(remainder.error());
  if (!py::number_equals(*remainder, int_number(0))) {
    return tl::unexpected(raised(
        "ElasticityError", "In Elasticity v0.2, number of GPUs per node:" + py::number_text(s.gpus_per_node) +
                               " should be divisible by model parallel size " +
                               py::number_text(s.model_parallel)));
  }
  auto per_node = py::number_floor_divide(s.gpus_per_node, s.model_parallel);
  if (!per_node) return tl::unexpected(per_node.error());
  auto max_batch = py::number_of(max_given);
  if (!max_batch)
    return tl::unexpected(operand_type_error("/", py::type_name(max_given), number_type(*per_node)));
  auto node_batch = int_of_quotient(*max_batch, *per_node);
  if (!node_batch) return tl::unexpected(node_batch.error());
  auto min_nodes = int_of_quotient(s.min_gpus, s.gpus_per_node);
  if (!min_nodes) return tl::unexpected(min_nodes.error());
  auto max_nodes = int_of_quotient(s.max_gpus, s.gpus_per_node);
  if (!max_nodes) return tl::unexpected(max_nodes.error());
  auto nodes =
      compatible_v01(micro, s.numpy_lcm_refuses, *node_batch, *min_nodes, *max_nodes, s.prefer_larger);
  if (!nodes) return nodes;
  if (!nodes->valid) return tl::unexpected(raised("TypeError", "'NoneType' object is not iterable"));
  auto batch = py::number_multiply(nodes->batch, *per_node);
  if (!batch) return tl::unexpected(batch.error());
  Counts valid;
  for (const Count& n : *nodes->valid) {
    auto count = scaled(n, *per_node);
    if (!count) return tl::unexpected(count.error());
    valid.push_back(*count);
  }
  auto data_parallel = py::number_floor_divide(gpus, s.model_parallel);
  if (!data_parallel) return tl::unexpected(data_parallel.error());
  if (std::any_of(valid.begin(), valid.end(),
                  [&](const Count& v) { return py::number_equals(v.value, *data_parallel); }))
    return Choice{*batch, std::move(valid)};
  // current_dp_size = (world / per node) * dp_size_per_node, then each micro batch's multiple of it.
  auto per_gpu_node = py::number_true_divide(gpus, s.gpus_per_node);
  if (!per_gpu_node) return tl::unexpected(per_gpu_node.error());
  auto dp_size = py::number_multiply(Number(*per_gpu_node), *per_node);
  if (!dp_size) return tl::unexpected(dp_size.error());
  const double current = std::get<double>(*dp_size);
  std::optional<double> chosen;
  for (std::int64_t mb : micro) {
    const double smallest = static_cast<double>(mb) * current;
    auto quotient = py::number_true_divide(*max_batch, Number(smallest));
    if (!quotient) return tl::unexpected(quotient.error());
    if (!std::isfinite(*quotient))
      return tl::unexpected(py::int_of_float(*quotient).error());  // math.floor's
    const double candidate = std::floor(*quotient) * smallest;
    if (!chosen || (s.prefer_larger ? candidate > *chosen : candidate < *chosen)) chosen = candidate;
  }
  auto counted = py::int_of_number(*dp_size);  // [int(current_dp_size)]
  if (!counted) return tl::unexpected(counted.error());
  return Choice{Number(*chosen), Counts{Count{Number(*counted), false}}};
}

struct Elastic {
  py::Int batch;
  std::int64_t micro_batch;
  bool micro_batch_is_true;  // the chosen 1 is the list's True
};

// compute_elastic_config(config, version, world_size): `world` is an int, or the float
// sequence_parallel_size made of it (any sign, 0, NaN or infinite).
tl::expected<Elastic, Error> compute(const py::Dict& block, const Number& world) {
  auto s = read_settings(block);
  if (!s) return tl::unexpected(s.error());
  auto version = read_version(s->version);
  if (!version) return tl::unexpected(version.error());
  if (less(int_number(1), s->model_parallel) && version->value != 0.2) {
    return tl::unexpected(
        config_error("Elasticity V" + version->text +
                     " does not support model-parallel training. Given model-parallel size: " +
                     py::number_text(s->model_parallel)));
  }
  if (version->value > 0.2) {
    return tl::unexpected(config_error("Attempting to run elasticity version " + version->text +
                                       " but runtime only supports up to 0.2"));
  }
  if (version->value != 0.1 && version->value != 0.2)
    return tl::unexpected(
        raised("NotImplementedError", "Unable to find elastic logic for version: " + version->text));
  // world_size 0 means "read WORLD_SIZE", which cases leave unset.
  if (version->value == 0.2 && py::number_equals(world, int_number(0))) {
    return tl::unexpected(config_error(
        "Elasticity V 0.2 needs WORLD_SIZE to compute valid batch size. Either give it as argument to "
        "function "
        "compute_elastic_config or set it as an environment variable. Value of WORLD_SIZE as environment "
        "variable is None"));
  }
  auto choice = version->value == 0.2 ? compatible_v02(s->micro_batches, *s->max_batch, world, *s)
                                      : compatible_v01_given(*s);
  if (!choice) return tl::unexpected(choice.error());
  auto batch = py::int_of_number(choice->batch);  // int(final_batch_size)
  if (!batch) return tl::unexpected(batch.error());
  // `if world_size > 0` is false: the two values returned cannot be unpacked into three.
  if (!py::number_positive(world))
    return tl::unexpected(raised("ValueError", "not enough values to unpack (expected 3, got 2)"));
  if (!choice->valid)
    return tl::unexpected(raised("TypeError", "argument of type 'NoneType' is not iterable"));
  const std::string shown = py::number_text(world);
  if (std::none_of(choice->valid->begin(), choice->valid->end(),
                   [&](const Count& v) { return py::number_equals(v.value, world); })) {
    auto counts = list_repr(*choice->valid);
    if (!counts) {
      return tl::unexpected(
          unmodelled("elasticity's list of valid GPU counts holding numpy int64s is not modelled (numpy 2 "
                     "prints np.int64(n), numpy 1 n)"));
    }
    return tl::unexpected(raised(
        "ElasticityIncompatibleWorldSize",
        "World size (" + shown + ") is not valid with the current list of valid GPU counts: " + *counts));
  }
  // final_batch_size // world_size % mbsz for the micro batches, largest first.
  auto per_gpu = py::number_floor_divide(Number(*batch), world);  // world > 0
  if (!per_gpu) return tl::unexpected(per_gpu.error());
  std::vector<std::int64_t> sizes = s->micro_batches;
  std::sort(sizes.rbegin(), sizes.rend());
  for (std::int64_t mb : sizes) {
    if (py::number_equals(*py::number_remainder(*per_gpu, int_number(mb)), int_number(0)))
      return Elastic{*batch, mb, mb == 1 && s->one_is_true};
  }
  return tl::unexpected(
      raised("AssertionError", "Unable to find divisible micro batch size world_size=" + shown +
                                   ", final_batch_size=" + py::to_decimal(*batch) +
                                   ", and  micro_batches=" + *py::repr(*s->micro_list) + "."));
}

constexpr std::array<std::string_view, 3> kBatchKeys{"train_batch_size", "train_micro_batch_size_per_gpu",
                                                     "gradient_accumulation_steps"};

}  // namespace

tl::expected<std::optional<py::Dict>, Error> elastic_config(const py::Dict& config,
                                                            const py::Number& world_size,
                                                            std::vector<std::string>& warnings) {
  const py::Value* block = config.find(kBlock);
  if (block == nullptr) return std::nullopt;
  const py::Dict* dict = block->as<py::Dict>();
  if (dict == nullptr) {
    return tl::unexpected(attribute_error(py::type_name(*block), "get"));
  }
  const py::Value* enabled = dict->find("enabled");
  if (enabled == nullptr || !enabled->truthy()) return std::nullopt;
  auto elastic = compute(*dict, world_size);
  if (!elastic) return tl::unexpected(elastic.error());
  warnings.push_back(elastic_scheduler_warning());
  const py::Value* ignore = dict->find("ignore_non_elastic_batch_info");
  const bool given = std::any_of(kBatchKeys.begin(), kBatchKeys.end(),
                                 [&](std::string_view key) { return config.find(key) != nullptr; });
  if ((ignore == nullptr || !ignore->truthy()) && given) {
    return tl::unexpected(
        config_error("One or more batch related parameters were found in your ds_config (train_batch_size, "
                     "train_micro_batch_size_per_gpu, and/or gradient_accumulation_steps). These parameters "
                     "*will not be used* "
                     "since elastic training is enabled, which takes control of these parameters. If you "
                     "want to suppress this "
                     "error (the parameters will be silently ignored) please set "
                     "ignore_non_elastic_batch_info':true in your "
                     "elasticity config."));
  }
  // gradient_accu_steps = final_batch_size // (micro_batch_size * self.world_size): a float with a float
  // world.
  auto per_step = py::number_multiply(py::Int(elastic->micro_batch), world_size);
  auto steps = per_step ? py::number_floor_divide(py::Int(elastic->batch), *per_step) : per_step;
  if (!steps) return tl::unexpected(steps.error());
  const std::array<py::Number, 3> values{elastic->batch, py::Int(elastic->micro_batch), *steps};
  constexpr std::array<std::string_view, 3> kShown{"training_batch_size", "train_micro_batch_size_per_gpu",
                                                   "gradient_accumulation_steps"};
  // What DeepSpeedConfig reads on in place of each batch value, and str() of it.
  const auto elastic_value = [&](std::size_t k) {
    return k == 1 && elastic->micro_batch_is_true
               ? py::Value(true)
               : std::visit([](const auto& n) { return py::Value(n); }, values[k]);
  };
  py::Dict out = config;
  for (std::size_t k = 0; k < kBatchKeys.size(); ++k) {
    if (const py::Value* old = config.find(kBatchKeys[k])) {
      auto shown = py::str(*old);
      if (!shown)
        return tl::unexpected(
            unmodelled(std::string(kBatchKeys[k]) + " given as this text with elasticity is not modelled"));
      warnings.push_back(elastic_override_warning(kShown[k], *shown, *py::str(elastic_value(k))));
    }
    out.set(py::Str{std::string(kBatchKeys[k])}, elastic_value(k));
  }
  return out;
}

}  // namespace zfcheck
