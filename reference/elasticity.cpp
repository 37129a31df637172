// DeepSpeed's elastic training as DeepSpeedConfig.__init__ runs it: elasticity_enabled, ElasticityConfig's
// checks, compute_elastic_config's choice of batch size, valid GPU counts and micro batch (versions 0.1 and
// 0.2), then the batch values written over the config's (runtime/config.py, elasticity/).
#include "reference/elasticity.hpp"

#include "reference/deepspeed_warnings.hpp"
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

constexpr std::string_view kBlock = "elasticity";
// The largest magnitude the model takes for an elastic int: below it, Python's true division of two of them
// is the double division, as the model computes it.
constexpr std::int64_t kLargest = std::int64_t{1} << 53;
// The most steps the model walks in get_valid_gpus' search; upstream's own search past it takes minutes.
constexpr std::int64_t kMostSearchSteps = 50'000'000;
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

// float(n) for the world size: an int below kLargest or a float.
double as_double(const py::Number& n) {
  if (const double* d = std::get_if<double>(&n)) return *d;
  return static_cast<double>(*py::to_int64(*py::int_of(n)));
}

// Python's int(a / b) for a divisor >= 1 and ints below kLargest, which always fit.
std::int64_t int_of_quotient(std::int64_t a, std::int64_t b) { return *py::int_of_true_division(a, b); }

// Batch sizes or GPU counts in ascending order, each with whether it is a numpy int64 rather than a Python
// int (what the lcm, np.lcm.reduce's int64, passes on): of equal values the first kept, as set() keeps it.
using Counts = std::map<std::int64_t, bool>;

// str() of sorted(set(...)) of them; nothing where a numpy int64 is among them, which numpy 1 prints as 12
// and numpy 2 as np.int64(12).
std::optional<std::string> list_repr(const Counts& values) {
  std::string out = "[";
  for (const auto& [value, numpy] : values) {
    if (numpy) return std::nullopt;
    out += (out.size() > 1 ? ", " : "") + std::to_string(value);
  }
  return out + "]";
}

// An int field of the block (absent: its default), where the model computes with it: an int (not a bool)
// below kLargest; anything else is unmodelled, naming the key.
tl::expected<std::int64_t, Error> int_field(const py::Dict& block, std::string_view key,
                                            std::int64_t fallback) {
  const py::Value* v = block.find(key);
  if (v == nullptr) return fallback;
  const py::Int* i = v->as<py::Int>();
  auto value = i ? py::to_int64(*i) : std::nullopt;
  if (!value || *value >= kLargest || *value <= -kLargest) {
    return tl::unexpected(unmodelled(std::string(kBlock) + "." + std::string(key) + " of type " +
                                     std::string(py::type_name(*v)) + (i ? " this large" : "") +
                                     " is not modelled"));
  }
  return *value;
}

// An int field that ElasticityConfig refuses below `least`, in its words: `refusal` then the value.
tl::expected<std::int64_t, Error> bounded_field(const py::Dict& block, std::string_view key,
                                                std::int64_t fallback, std::int64_t least,
                                                std::string_view refusal) {
  auto value = int_field(block, key, fallback);
  if (value && *value < least)
    return tl::unexpected(config_error(std::string(refusal) + std::to_string(*value)));
  return value;
}

// ElasticityConfig(block) with enabled truthy: the values compute_elastic_config reads.
struct Settings {
  const py::Value* max_batch;  // max_train_batch_size, read where it is first used
  std::vector<std::int64_t> micro_batches;  // a bool (only True gets here) as 1
  const py::Value* micro_list;              // as given, for the messages that print it
  // numpy turns an empty list into float64 and a list of bools alone into bool, for which np.lcm has no
  // loop: its error, worded differently by each numpy version, is not modelled.
  bool numpy_lcm_refuses;
  // set(micro_batches) keeps the first of equal values: when that 1 is True, a micro batch of 1 is True.
  bool one_is_true;
  std::int64_t min_gpus, max_gpus, model_parallel, gpus_per_node;
  const py::Value* version;  // as given (0.2 when absent)
  bool prefer_larger;
};

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
    if (!value || *value >= kLargest)
      return tl::unexpected(
          unmodelled("elasticity.micro_batch_sizes holding an int this large is not modelled"));
    only_bools = only_bools && i == nullptr;
    if (*value == 1 && !one_seen) s.one_is_true = i == nullptr;
    one_seen = one_seen || *value == 1;
    s.micro_batches.push_back(*value);
  }
  s.numpy_lcm_refuses = only_bools;  // an empty list too
  auto min_gpus = int_field(block, "min_gpus", 1);
  if (!min_gpus) return tl::unexpected(min_gpus.error());
  auto max_gpus = int_field(block, "max_gpus", 10000);
  if (!max_gpus) return tl::unexpected(max_gpus.error());
  s.min_gpus = *min_gpus;
  s.max_gpus = *max_gpus;
  const std::string gpus =
      "given min_gpus: " + std::to_string(s.min_gpus) + ", max_gpus: " + std::to_string(s.max_gpus);
  if (s.min_gpus < 1 || s.max_gpus < 1)
    return tl::unexpected(config_error("Elasticity min/max gpus must be > 0, " + gpus));
  if (s.max_gpus < s.min_gpus)
    return tl::unexpected(config_error("Elasticity min_gpus cannot be greater than max_gpus, " + gpus));
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
  std::variant<std::int64_t, double> batch;
  std::optional<Counts> valid;
};

// get_valid_gpus for a batch size (a numpy int64 or not), counting its search steps into `steps`: batch //
// micro batch is of the batch's type, the factors below it come from range() as Python ints.
Counts valid_gpus(std::int64_t batch, bool batch_numpy, const std::vector<std::int64_t>& micro,
                  std::int64_t min_gpus, std::int64_t max_gpus, std::int64_t& steps) {
  Counts out;
  for (std::int64_t mb : micro) {
    if (floor_mod(batch, mb) != 0) continue;
    const std::int64_t gpus = floor_div(batch, mb);
    if (min_gpus <= gpus && gpus <= max_gpus) out.emplace(gpus, batch_numpy);
    const std::int64_t last = std::min(floor_div(gpus, 2), max_gpus);
    steps += std::max<std::int64_t>(last, 0);
    if (steps > kMostSearchSteps) return {};
    for (std::int64_t i = std::max<std::int64_t>(min_gpus, 1); i <= last; ++i) {
      if (gpus % i == 0) out.emplace(i, false);
    }
  }
  return out;
}

// _get_compatible_gpus_v01: candidates from each micro batch and their lcm scaled by a highly composite
// number, then the one with the most valid GPU counts (the larger, or with prefer_larger false the smaller,
// among equals).
tl::expected<Choice, Error> compatible_v01(const std::vector<std::int64_t>& micro, bool numpy_lcm_refuses,
                                           std::int64_t max_batch, std::int64_t min_gpus,
                                           std::int64_t max_gpus, bool prefer_larger) {
  if (min_gpus == 0) min_gpus = 1;
  if (max_gpus == 0) {
    if (micro.empty()) return tl::unexpected(raised("ValueError", "min() arg is an empty sequence"));
    max_gpus = floor_div(max_batch, *std::min_element(micro.begin(), micro.end()));
  }
  if (std::any_of(micro.begin(), micro.end(), [&](std::int64_t mb) { return mb > max_batch; })) {
    return tl::unexpected(raised("ValueError",
                                 "All micro batches must be less than             or equal to "
                                 "max_acceptable_batch_size: " +
                                     std::to_string(max_batch)));
  }
  if (numpy_lcm_refuses) {
    return tl::unexpected(
        unmodelled("elasticity.micro_batch_sizes empty or holding only bools is not modelled (numpy's lcm "
                   "refuses it, in "
                   "words of its numpy version)"));
  }
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
  Counts candidates;
  for (const auto& [base, numpy] : bases) {
    if (base > max_batch) continue;
    if (base == max_batch) {
      candidates.emplace(base, numpy);
      continue;
    }
    const std::int64_t value = floor_div(max_batch, base);
    // np.argmax(HCN > value) - 1: the largest HCN not above value, or the last when every one is.
    auto above = std::find_if(kHcn.begin(), kHcn.end(), [&](std::int64_t h) { return h > value; });
    candidates.emplace((above == kHcn.end() || above == kHcn.begin() ? kHcn.back() : *(above - 1)) * base,
                       numpy);
  }
  std::int64_t steps = 0, most = 0, chosen = smallest;
  std::optional<Counts> valid;
  for (const auto& [batch, numpy] : candidates) {
    auto gpus = valid_gpus(batch, numpy, micro, min_gpus, max_gpus, steps);
    if (steps > kMostSearchSteps)
      return tl::unexpected(
          unmodelled("elasticity whose GPU count search passes 50,000,000 steps is not modelled"));
    const auto count = static_cast<std::int64_t>(gpus.size());
    if (count > most || (count == most && (prefer_larger ? batch > chosen : batch < chosen))) {
      most = count;
      valid = std::move(gpus);
      chosen = batch;
    }
  }
  return Choice{chosen, std::move(valid)};
}

// _get_compatible_gpus_v02 for `gpus` (the world size: an int's value, or the float sequence_parallel_size
// made of it; never 0).
tl::expected<Choice, Error> compatible_v02(const std::vector<std::int64_t>& micro, std::int64_t max_batch,
                                           const py::Number& gpus, const Settings& s) {
  if (s.gpus_per_node % s.model_parallel != 0) {
    return tl::unexpected(raised(
        "ElasticityError", "In Elasticity v0.2, number of GPUs per node:" + std::to_string(s.gpus_per_node) +
                               " should be divisible by model parallel size " +
                               std::to_string(s.model_parallel)));
  }
  const std::int64_t dp_per_node = s.gpus_per_node / s.model_parallel;
  auto nodes = compatible_v01(micro, s.numpy_lcm_refuses, int_of_quotient(max_batch, dp_per_node),
                              int_of_quotient(s.min_gpus, s.gpus_per_node),
                              int_of_quotient(s.max_gpus, s.gpus_per_node), s.prefer_larger);
  if (!nodes) return nodes;
  if (!nodes->valid) return tl::unexpected(raised("TypeError", "'NoneType' object is not iterable"));
  const std::int64_t batch = std::get<std::int64_t>(nodes->batch) * dp_per_node;
  Counts valid;  // each node count times the Python int dp_per_node, of its own type
  for (const auto& [n, numpy] : *nodes->valid) valid.emplace(n * dp_per_node, numpy);
  const py::Number data_parallel = *py::number_floor_divide(gpus, py::Int(s.model_parallel));  // mp >= 1
  if (std::any_of(valid.begin(), valid.end(),
                  [&](const auto& v) { return py::number_equals(py::Int(v.first), data_parallel); }))
    return Choice{batch, std::move(valid)};
  const double dp_size =
      as_double(gpus) / static_cast<double>(s.gpus_per_node) * static_cast<double>(dp_per_node);
  std::optional<double> chosen;
  for (std::int64_t mb : micro) {
    const double smallest = static_cast<double>(mb) * dp_size;
    if (smallest == 0.0) return tl::unexpected(raised("ZeroDivisionError", "float division by zero"));
    const double quotient = static_cast<double>(max_batch) / smallest;
    if (!std::isfinite(quotient)) return tl::unexpected(py::int_of_float(quotient).error());  // math.floor's
    const double candidate = std::floor(quotient) * smallest;
    if (!chosen || (s.prefer_larger ? candidate > *chosen : candidate < *chosen)) chosen = candidate;
  }
  auto counted = py::int_of_float(dp_size);  // [int(current_dp_size)]: |dp_size| <= |gpus| < kLargest
  if (!counted) return tl::unexpected(counted.error());
  return Choice{*chosen, Counts{{*counted, false}}};
}

struct Elastic {
  std::int64_t batch, micro_batch;
  bool micro_batch_is_true;  // the chosen 1 is the list's True
};

// compute_elastic_config(config, version, world_size): `world` is an int's value below kLargest, or the float
// sequence_parallel_size made of it (any sign, 0, NaN or infinite; finite ones below kLargest).
tl::expected<Elastic, Error> compute(const py::Dict& block, const py::Number& world) {
  auto s = read_settings(block);
  if (!s) return tl::unexpected(s.error());
  auto version = read_version(s->version);
  if (!version) return tl::unexpected(version.error());
  if (s->model_parallel > 1 && version->value != 0.2) {
    return tl::unexpected(
        config_error("Elasticity V" + version->text +
                     " does not support model-parallel training. Given model-parallel size: " +
                     std::to_string(s->model_parallel)));
  }
  if (version->value > 0.2) {
    return tl::unexpected(config_error("Attempting to run elasticity version " + version->text +
                                       " but runtime only supports up to 0.2"));
  }
  if (version->value != 0.1 && version->value != 0.2)
    return tl::unexpected(
        raised("NotImplementedError", "Unable to find elastic logic for version: " + version->text));
  const py::Int* max_int = s->max_batch->as<py::Int>();
  auto max_batch = max_int ? py::to_int64(*max_int) : std::nullopt;
  if (!max_batch || *max_batch >= kLargest || *max_batch <= -kLargest) {
    return tl::unexpected(unmodelled("elasticity.max_train_batch_size of type " +
                                     std::string(py::type_name(*s->max_batch)) +
                                     (max_int ? " this large" : "") + " is not modelled"));
  }
  const double w = as_double(world);
  if (version->value == 0.2 && w == 0.0) {  // world_size 0 means "read WORLD_SIZE", which cases leave unset
    return tl::unexpected(config_error(
        "Elasticity V 0.2 needs WORLD_SIZE to compute valid batch size. Either give it as argument to "
        "function "
        "compute_elastic_config or set it as an environment variable. Value of WORLD_SIZE as environment "
        "variable is None"));
  }
  auto choice = version->value == 0.1 ? compatible_v01(s->micro_batches, s->numpy_lcm_refuses, *max_batch,
                                                       s->min_gpus, s->max_gpus, s->prefer_larger)
                                      : compatible_v02(s->micro_batches, *max_batch, world, *s);
  if (!choice) return tl::unexpected(choice.error());
  // int(final_batch_size); a float one past kLargest comes only from a negative world size, refused next.
  std::int64_t batch = 0;
  if (const double* x = std::get_if<double>(&choice->batch);
      x && !(std::isfinite(*x) && std::fabs(*x) >= 0x1p53)) {
    auto truncated = py::int_of_float(*x);
    if (!truncated) return tl::unexpected(truncated.error());
    batch = *truncated;
  } else if (x == nullptr) {
    batch = std::get<std::int64_t>(choice->batch);
  }
  // `if world_size > 0` is false: the two values returned cannot be unpacked into three.
  if (!(w > 0.0))
    return tl::unexpected(raised("ValueError", "not enough values to unpack (expected 3, got 2)"));
  if (!choice->valid)
    return tl::unexpected(raised("TypeError", "argument of type 'NoneType' is not iterable"));
  const std::string shown = py::number_text(world);
  if (std::none_of(choice->valid->begin(), choice->valid->end(),
                   [&](const auto& v) { return py::number_equals(py::Int(v.first), world); })) {
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
  const auto gpus =
      static_cast<std::int64_t>(w);  // one of the valid counts: final_batch_size // world is exact
  std::vector<std::int64_t> sizes = s->micro_batches;
  std::sort(sizes.rbegin(), sizes.rend());
  for (std::int64_t mb : sizes) {
    if (floor_mod(floor_div(batch, gpus), mb) == 0) return Elastic{batch, mb, mb == 1 && s->one_is_true};
  }
  return tl::unexpected(
      raised("AssertionError", "Unable to find divisible micro batch size world_size=" + shown +
                                   ", final_batch_size=" + std::to_string(batch) +
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
  const double w = as_double(world_size);
  if (std::isfinite(w) && std::fabs(w) >= 0x1p53)
    return tl::unexpected(unmodelled("elasticity with a world size of 2^53 or more is not modelled"));
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
  const std::array<py::Number, 3> values{py::Int(elastic->batch), py::Int(elastic->micro_batch), *steps};
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
