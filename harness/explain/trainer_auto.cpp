// The Trainer's table of "auto" keys and the walk that finds them.
#include "harness/explain/trainer_auto.hpp"

#include "reference/py_json.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <string_view>

namespace zfcheck {

namespace {

void collect(const py::Value& value, const std::string& path, std::vector<std::string>& out) {
  if (value.is_auto()) out.push_back(path);
  if (const py::Dict* dict = value.as<py::Dict>()) {
    for (const auto& [key, child] : dict->entries())
      collect(child, path.empty() ? key.text : path + "." + key.text, out);
  }
}

py::Value* at_path(py::Value& config, const std::string& path) {
  py::Value* here = &config;
  for (std::size_t at = 0; here != nullptr;) {
    std::size_t dot = path.find('.', at);
    py::Dict* dict = here->as<py::Dict>();
    here = dict ? dict->find_mutable(path.substr(at, dot == std::string::npos ? dot : dot - at)) : nullptr;
    if (dot == std::string::npos) return here;
    at = dot + 1;
  }
  return nullptr;
}

// A positive integer the config sets at `path` itself, or `otherwise`.
std::int64_t set_or(py::Value& config, const std::string& path, std::int64_t otherwise) {
  const py::Value* v = at_path(config, path);
  const py::Int* i = v ? v->as<py::Int>() : nullptr;
  auto small = i ? py::to_int64(*i) : std::nullopt;
  return small && *small > 0 ? *small : otherwise;
}

struct Filled {
  std::string_view path;
  std::string_view argument;  // the TrainingArguments value it is filled from, with its default
  std::function<py::Value(py::Value&, std::int64_t)> value;
};

const std::vector<Filled>& trainer_table() {
  static const std::vector<Filled> table{
      {"train_micro_batch_size_per_gpu", "per_device_train_batch_size (default 8)",
       [](py::Value&, std::int64_t) { return py::Value(8); }},
      {"gradient_accumulation_steps", "gradient_accumulation_steps (default 1)",
       [](py::Value&, std::int64_t) { return py::Value(1); }},
      {"train_batch_size", "world size x per_device_train_batch_size x gradient_accumulation_steps",
       [](py::Value& c, std::int64_t world) {
         return py::Value(py::Int(py::Int(world) * set_or(c, "train_micro_batch_size_per_gpu", 8) *
                                  set_or(c, "gradient_accumulation_steps", 1)));
       }},
      {"gradient_clipping", "max_grad_norm (default 1.0)",
       [](py::Value&, std::int64_t) { return py::Value(1.0); }},
      {"optimizer.params.lr", "learning_rate (default 5e-05)",
       [](py::Value&, std::int64_t) { return py::Value(5e-05); }},
      {"optimizer.params.betas", "[adam_beta1, adam_beta2] (default [0.9, 0.999])",
       [](py::Value&, std::int64_t) {
         return py::Value(py::List{py::Value(0.9), py::Value(0.999)});
       }},
      {"optimizer.params.eps", "adam_epsilon (default 1e-08)",
       [](py::Value&, std::int64_t) { return py::Value(1e-08); }},
      {"optimizer.params.weight_decay", "weight_decay (default 0.0)",
       [](py::Value&, std::int64_t) { return py::Value(0.0); }},
      {"scheduler.params.warmup_min_lr", "0", [](py::Value&, std::int64_t) { return py::Value(0); }},
      {"scheduler.params.warmup_max_lr", "learning_rate (default 5e-05)",
       [](py::Value&, std::int64_t) { return py::Value(5e-05); }},
      {"fp16.enabled", "fp16 or fp16_full_eval (default false)",
       [](py::Value&, std::int64_t) { return py::Value(false); }},
      {"bf16.enabled", "bf16 (default false)", [](py::Value&, std::int64_t) { return py::Value(false); }},
      {"amp.enabled", "fp16 with the apex backend (default false)",
       [](py::Value&, std::int64_t) { return py::Value(false); }},
  };
  return table;
}

}  // namespace

std::vector<std::string> auto_paths(const py::Value& config) {
  std::vector<std::string> out;
  collect(config, "", out);
  return out;
}

std::vector<std::string> fill_trainer_auto(py::Value& config, std::int64_t world_size) {
  std::vector<std::string> out;
  for (const Filled& f : trainer_table()) {  // in table order: train_batch_size after the two it multiplies
    py::Value* v = at_path(config, std::string(f.path));
    if (v == nullptr || !v->is_auto()) continue;
    *v = f.value(config, world_size);
    out.push_back(std::string(f.path) + ": \"auto\", filled by the Trainer with " + py::to_json(*v) +
                  " from " + std::string(f.argument) + "; --set " + std::string(f.path) +
                  "=N gives your run's value.");
  }
  for (const std::string& path : auto_paths(config)) {
    if (path.starts_with("zero_optimization.zenflow.")) continue;  // ZenFlow's own "auto", not the Trainer's
    out.push_back(path +
                  ": \"auto\", filled by the Trainer from the model or the run's length, which the config "
                  "does not say; ZenFlow's set-up does not read it.");
  }
  return out;
}

namespace {

// The keys DeepSpeed's autotuner writes into each experiment's config, in place of "auto" among others
// (autotuning/autotuner.py: the micro batch it searches, gradient_accumulation_steps from the user's
// arguments, train_batch_size their product; autotuning/constants.py's DEFAULT_HF_CONFIG).
constexpr std::array<std::string_view, 3> kAutotunedKeys{"train_batch_size", "train_micro_batch_size_per_gpu",
                                                         "gradient_accumulation_steps"};

}  // namespace

std::vector<std::string> direct_auto_sentences(const py::Value& config) {
  std::vector<std::string> out;
  for (const std::string& path : auto_paths(config)) {
    if (path.starts_with("zero_optimization.")) {
      // Only DeepSpeedZeroConfig's own keys: nested blocks (zenflow, offload_optimizer) are validated as
      // written.
      if (path.find('.', sizeof "zero_optimization") == std::string::npos) {
        out.push_back(path + ": \"auto\", which DeepSpeed's ZeRO config drops (its default is used).");
      }
    } else if (std::find(kAutotunedKeys.begin(), kAutotunedKeys.end(), path) != kAutotunedKeys.end()) {
      out.push_back(
          path +
          ": \"auto\", which the Hugging Face Trainer fills, and DeepSpeed's autotuner for the runs "
          "it launches (deepspeed --autotuning); deepspeed.initialize() given it directly fails on "
          "it (if the Trainer launches this run, use --reader hf; under the autotuner, --set the "
          "value it picks).");
    } else {
      out.push_back(path +
                    ": \"auto\", which only the Hugging Face Trainer fills; deepspeed.initialize() given it "
                    "directly fails on it (if the Trainer launches this run, use --reader hf).");
    }
  }
  return out;
}

}  // namespace zfcheck
