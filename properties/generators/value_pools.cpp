// The pools themselves: realistic, boundary and hostile values per field, and the engine context.
#include "properties/generators/value_pools.hpp"

#include "harness/checks/minimal_order.hpp"
#include "reference/py_json.hpp"
#include "reference/zenflow_fields.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>

namespace zfcheck::gen {

namespace {

py::Value parse_literal(std::string_view text) { return *py::parse_json(text); }

constexpr std::string_view kBoundaryTexts[] = {
    "0",    "1",     "-1", R"("auto")", "null", "0.0", "1.0", "-5", "2",
    "true", "false", "3",  "4",         "10",   "39",  "40",  "41", "50",
};

constexpr std::string_view kHostileTexts[] = {
    "10.0",
    "10.5",
    "-0.0",
    "4.0",
    "4.5",
    "3.0",
    "3.5",
    "1.5",
    "-0.1",
    "1.1",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "9.2e18",
    "9.3e18",
    "-9.3e18",
    "1e19",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "1180591620717411303424",
    "-1180591620717411303424",
    "1000000000000000000000000000000",
    R"("10")",
    R"(" 10 ")",
    R"("1_000")",
    R"("+1")",
    R"("-5")",
    R"("-1")",
    R"("0")",
    R"("1")",
    R"("2")",
    R"("3")",
    R"("4")",
    R"("1.0")",
    R"("3.0")",
    R"("1e3")",
    R"("0x10")",
    R"("0.5")",
    R"(" 0.5 ")",
    R"("9223372036854775808")",
    R"("Auto")",
    R"("AUTO")",
    R"("Step")",
    R"("STEP")",
    R"("Epoch")",
    R"(" step")",
    R"("bad")",
    R"("x")",
    R"("")",
    R"("none")",
    R"("yes")",
    R"("no")",
    R"("on")",
    R"("off")",
    R"("y")",
    R"("n")",
    R"("t")",
    R"("f")",
    R"("true")",
    R"("True")",
    R"("TRUE")",
    R"("nan")",
    R"("inf")",
    R"("\u00a01")",
    R"("\u200b1")",
    R"("\ud800")",
    R"("0-1")",
    R"("00_1.00")",
    R"("00")",
    R"("0_0")",
    R"("-05")",
    R"(" -3 ")",
    R"("\ud83d\ude00")",
    "[]",
    "[1]",
    R"(["step"])",
    "{}",
    R"({"a":1})",
};

constexpr std::string_view kNonObjectTexts[] = {
    "null", R"("auto")", "true",  "false",     "0",  "5",           "123",         "1.5",
    "NaN",  R"("x")",    R"("")", R"("AUTO")", "[]", R"(["step"])", R"(["auto"])",
};

constexpr std::string_view kExtraValueTexts[] = {
    "null", "0", "1", "true", "false", R"("auto")", R"("x")", "[]", "{}",
};

// Values too long to write out: an integer no double holds (10**400), and a numeric string past Python's
// 4300-digit limit.
std::vector<py::Value> huge_values() {
  return {parse_literal("1" + std::string(400, '0')), py::Str{std::string(py::kMaxIntDigits + 1, '7')}};
}

Case block_case(py::Value zenflow) {
  Case c;
  c.zenflow = std::move(zenflow);
  return c;
}

Case single_key_case(const py::Str& key, const py::Value& value) {
  py::Dict d;
  d.set(key, value);
  return block_case(std::move(d));
}

// Stable sort by the simplicity of the case each value makes, dropping repeats (same JSON text).
template <class T>
std::vector<T> simplest_first(std::vector<T> items, const std::function<Case(const T&)>& place) {
  std::vector<T> unique;
  std::set<std::string> seen;
  for (T& item : items) {
    if (seen.insert(canonical_text(place(item))).second) unique.push_back(std::move(item));
  }
  std::stable_sort(unique.begin(), unique.end(),
                   [&](const T& a, const T& b) { return simpler(place(a), place(b)); });
  return unique;
}

std::vector<PoolValue> pool_of(std::string_view field) {
  std::vector<PoolValue> values;
  for (auto text : find_field(field)->realistic) values.push_back({parse_literal(text), Origin::realistic});
  for (auto text : kBoundaryTexts) values.push_back({parse_literal(text), Origin::boundary});
  for (auto text : kHostileTexts) values.push_back({parse_literal(text), Origin::hostile});
  for (py::Value& v : huge_values()) values.push_back({std::move(v), Origin::hostile});
  py::Str key{std::string(field)};
  return simplest_first<PoolValue>(std::move(values),
                                   [&](const PoolValue& v) { return single_key_case(key, v.value); });
}

py::Str surrogate_key() {
  py::Str key{"x\xed\xa0\x80"};
  key.lone_surrogate = true;
  return key;
}

template <class T>
std::vector<Weighted<T>> context_pool(std::vector<Weighted<T>> values, void (*place)(Case&, const T&)) {
  return simplest_first<Weighted<T>>(std::move(values), [place](const Weighted<T>& w) {
    Case c;
    c.zenflow = py::Dict{};
    place(c, w.value);
    return c;
  });
}

}  // namespace

const std::vector<PoolValue>& field_pool(std::string_view field) {
  static const std::map<std::string_view, std::vector<PoolValue>> pools = [] {
    std::map<std::string_view, std::vector<PoolValue>> out;
    for (std::string_view f : kConfigFields) out.emplace(f, pool_of(f));
    return out;
  }();
  return pools.at(field);
}

const std::vector<PoolValue>& hostile_pool() {
  static const std::vector<PoolValue> pool = [] {
    std::vector<PoolValue> values;
    for (auto text : kBoundaryTexts) values.push_back({parse_literal(text), Origin::boundary});
    for (auto text : kHostileTexts) values.push_back({parse_literal(text), Origin::hostile});
    for (py::Value& v : huge_values()) values.push_back({std::move(v), Origin::hostile});
    py::Str key{"foo"};
    return simplest_first<PoolValue>(std::move(values),
                                     [&](const PoolValue& v) { return single_key_case(key, v.value); });
  }();
  return pool;
}

const std::vector<py::Value>& non_object_blocks() {
  static const std::vector<py::Value> blocks = [] {
    std::vector<py::Value> values;
    for (auto text : kNonObjectTexts) values.push_back(parse_literal(text));
    return simplest_first<py::Value>(std::move(values), [](const py::Value& v) { return block_case(v); });
  }();
  return blocks;
}

const std::vector<ExtraKey>& extra_keys() {
  static const std::vector<ExtraKey> keys = [] {
    std::vector<ExtraKey> out;
    for (py::Str key : {py::Str{"foo"}, py::Str{"strict"}, py::Str{"self"}, py::Str{"replace_method"},
                        py::Str{"Topk_ratio"}, py::Str{"steps_per_epochs"}, surrogate_key()}) {
      std::vector<py::Value> values;
      for (auto text : kExtraValueTexts) values.push_back(parse_literal(text));
      out.push_back({key, simplest_first<py::Value>(std::move(values), [&](const py::Value& v) {
                       return single_key_case(key, v);
                     })});
    }
    return out;
  }();
  return keys;
}

const std::vector<Weighted<std::optional<std::int64_t>>>& dataloader_pool() {
  using Len = std::optional<std::int64_t>;
  static const auto pool = context_pool<Len>(
      {
          {std::nullopt, 16},  // no training_data=: the default path
          {0, 4},              // an empty dataloader
          {1, 2},              // short ones, below a typical update_interval
          {2, 2},
          {3, 2},
          {4, 1},
          {10, 8},  // normal ones
          {5, 1},
          {7, 1},
          {16, 1},
          {40, 1},
          {100, 2},
          {1000, 1},
          {std::int64_t{2147483647}, 1},  // huge ones
          {std::int64_t{1} << 62, 1},
          {std::int64_t{9223372036854775807}, 1},
      },
      [](Case& c, const Len& len) { c.dataloader_len = len; });
  return pool;
}

const std::vector<Weighted<int>>& stage_pool() {
  static const auto pool =
      context_pool<int>({{2, 3}, {1, 1}, {3, 2}}, [](Case& c, const int& stage) { c.stage = stage; });
  return pool;
}

const std::vector<Weighted<std::int64_t>>& micro_steps_pool() {
  static const auto pool = context_pool<std::int64_t>(
      {{40, 12}, {0, 1}, {1, 1}, {2, 1}, {5, 1}, {10, 1}, {39, 1}, {41, 1}, {100, 1}, {1000, 1}},
      [](Case& c, const std::int64_t& steps) { c.micro_steps = steps; });
  return pool;
}

namespace {

ConfigKey config_key(std::string_view key, std::initializer_list<std::string_view> texts,
                     std::size_t absent_weight = 1) {
  ConfigKey out{py::Str{std::string(key)}, {std::nullopt}, absent_weight};
  for (auto text : texts) out.values.emplace_back(parse_literal(text));
  return out;
}

// A key real configs hold now and then: left out three times as often as all its values together.
ConfigKey occasional_key(std::string_view key, std::initializer_list<std::string_view> texts) {
  return config_key(key, texts, 3 * texts.size());
}

// Another feature's key: in one config in fourteen, so that those refusals (about one config in two meets
// one) leave room for the batch, ZeRO and ZenFlow branches.
ConfigKey rare_key(std::string_view key, std::initializer_list<std::string_view> texts) {
  return config_key(key, texts, 13 * texts.size());
}

}  // namespace

const std::vector<ConfigKey>& top_level_keys() {
  static const std::vector<ConfigKey> keys{
      config_key("train_batch_size", {"8", "16", "0", "6", R"("auto")", "true"}),
      config_key("train_micro_batch_size_per_gpu", {"2", "0", R"("auto")", "[2]"}, 3),
      config_key("gradient_accumulation_steps", {"1", "4", "0", R"("auto")", "false"}, 4),
      occasional_key("gradient_allreduce_op", {R"("sum")", R"("SUM")", R"("mean")", R"("max")", "null"}),
      occasional_key(
          "fp16",
          {R"({"enabled":true,"loss_scale":0})", R"({"enabled":"auto"})",
           R"({"enabled":"auto","loss_scale":0,"loss_scale_window":1000,"initial_scale_power":16,)"
           R"("hysteresis":2,"min_loss_scale":1})",
           R"({"enabled":true,"loss_scale":0,"loss_scale_window":0})",
           R"({"enabled":true,"loss_scale":"inf"})", R"({"enabled":true,"min_loss_scale":1.5})", "null"}),
      occasional_key(
          "bf16", {R"({"enabled":true})", R"({"enabled":"auto"})", R"({"enabled":true,"bogus":1})", "false"}),
      occasional_key("optimizer", {R"({"type":"AdamW","params":{"lr":3e-5,"max_grad_norm":1.0}})",
                                   R"({"type":"Adam","params":{"lr":"auto"}})"}),
      occasional_key("vocabulary_size", {"50257", "50304", R"("50257")"}),
      occasional_key("sequence_parallel_size", {"2", "Infinity"}),
      occasional_key("allgather_size", {"100000000", "1.5"}),
      // The other features' keys runtime/config.py reads itself or through the parsers it calls
      // (reference/feature_readers.hpp, reference/feature_models.hpp, reference/module_readers.hpp).
      rare_key("tensorboard",
               {R"({"enabled":true,"output_path":"logs/","job_name":"zenflow"})", R"({"enable":true})"}),
      rare_key("wandb", {R"({"enabled":true,"project":"zenflow"})", "null"}),
      rare_key("comms_logger", {R"({"enabled":true,"prof_ops":["all_reduce"]})", R"({"enabled":"yes"})"}),
      rare_key("activation_checkpointing",
               {R"({"partition_activations":true,"number_checkpoints":4})", "true"}),
      rare_key("communication_data_type", {R"("fp16")", R"("FP32")", R"("float32")"}),
      rare_key("wall_clock_breakdown", {"false", R"("false")"}),
      rare_key("amp", {R"({"enabled":true,"opt_level":"O1"})", R"({"opt_level":"O1"})"}),
      rare_key("torch_autocast",
               {R"({"enabled":true,"dtype":"bfloat16"})", R"({"enabled":true,"dtype":"float64"})"}),
      rare_key("scheduler", {R"({"type":"WarmupLR","params":{"warmup_num_steps":100}})", R"("WarmupLR")"}),
      rare_key("checkpoint",
               {R"({"tag_validation":"Warn"})", R"({"tag_validation":"none"})",
                R"({"writer":{"type":"fast","decoupled":true}})", R"({"writer":{"type":"torch"}})"}),
      rare_key("autotuning", {R"({"enabled":true,"fast":false,"metric":"throughput"})",
                              R"({"enabled":true,"results_dir":""})"}),
      rare_key("curriculum_learning", {R"({"enabled":true,"curriculum_type":"seqlen","min_difficulty":8})",
                                       R"({"curriculum_type":"seqlen"})"}),
      rare_key("data_efficiency",
               {R"({"enabled":true,"data_sampling":{"enabled":true,"curriculum_learning":{"enabled":true,)"
                R"("curriculum_metrics":{"seqlen":{"index_to_sample_path":"i"}}}}})",
                R"({"enabled":true,"data_sampling":{"dynamic_batching":{"enabled":true}}})"}),
      rare_key(
          "compression_training",
          {R"({"weight_quantization":{"shared_parameters":{"enabled":true,"quantization_type":"symmetric"},)"
           R"("different_groups":{"wq1":{"params":{"start_bits":8,"target_bits":8},"modules":["attention"]}}}})",
           R"({"row_pruning":{"shared_parameters":{"enabled":true,"method":"topk"}}})"}),
      rare_key("aio",
               {R"({"block_size":1048576,"queue_depth":8,"single_submit":false,"overlap_events":true})",
                R"("1048576")"}),
      rare_key("hybrid_engine",
               {R"({"enabled":true,"max_out_tokens":512})", R"({"enabled":true,"max_out_token":512})"}),
      rare_key("compile", {R"({"deepcompile":true})", R"({"deepcompile":true,"passes":["z3","z2"]})"}),
      rare_key(
          "weight_quantization",
          {R"({"quantized_initialization":{"num_bits":8,"group_size":2,"group_dim":1,"symmetric":false}})",
           R"({"shared_parameters":{"enabled":true}})", "null"}),
      rare_key("timers", {R"({"throughput":{"enabled":true,"synchronized":false}})",
                          R"({"throughput":{"enable":true}})"}),
      rare_key("tensor_parallel", {R"({"autotp_size":4,"preset_model":"llama","tp_overlap_comm":false})",
                                   R"({"autotp_size":2,"dtype":"bf16"})"}),
      rare_key("expert_parallel",
               {R"({"enabled":true,"autoep_size":4,"preset_model":"mixtral"})",
                R"({"enabled":true,"preset_model":"deepseek_v3","load_balance_coeff":0.001})"}),
      // Rarer than occasional: an enabled block decides the batch sizes (or refuses them) before anything
      // else.
      config_key("elasticity",
                 {R"({"enabled":false,"max_train_batch_size":10000,"micro_batch_sizes":[8,12,16,17]})",
                  R"({"enabled":true,"max_train_batch_size":64,"micro_batch_sizes":[2,4]})",
                  R"({"enabled":true,"max_train_batch_size":64,"micro_batch_sizes":[2,4],)"
                  R"("ignore_non_elastic_batch_info":true})",
                  R"({"enabled":true,"max_train_batch_size":10000,"micro_batch_sizes":[8,12,16,17],)"
                  R"("min_gpus":1,"max_gpus":64,"min_time":20,"version":0.2})",
                  // Numbers ElasticityConfig only compares with ints: floats and bools compute on, others
                  // fail where first used.
                  R"({"enabled":true,"max_train_batch_size":64.5,"micro_batch_sizes":[2,4],"min_gpus":1.5,)"
                  R"("max_gpus":12.0,"version":0.1})",
                  R"({"enabled":true,"max_train_batch_size":64,"micro_batch_sizes":[2,4],)"
                  R"("num_gpus_per_node":2.0,"model_parallel_size":true})",
                  R"({"enabled":true,"max_train_batch_size":null,"micro_batch_sizes":[2,4],"max_gpus":"8"})"},
                 36),
  };
  return keys;
}

const std::vector<ConfigKey>& zero_keys() {
  static const std::vector<ConfigKey> keys{
      config_key("stage", {"0", "1", "2", "3", R"("2")", R"("x")"}),
      config_key(
          "offload_optimizer",
          {R"({"device":"cpu"})", R"({"device":"nvme","nvme_path":"/local_nvme"})", R"({"device":"none"})"}),
      config_key("overlap_comm", {"true", "false"}),
      occasional_key("offload_param", {R"({"device":"cpu","pin_memory":true})",
                                       R"({"device":"nvme","nvme_path":"/local_nvme"})"}),
      occasional_key("cpu_offload", {"true", "false"}),
      occasional_key("cpu_offload_param", {"true"}),
      occasional_key("cpu_offload_use_pin_memory", {"true"}),
      occasional_key("stage3_gather_fp16_weights_on_model_save", {"true"}),
      occasional_key("stage3_gather_16bit_weights_on_model_save", {"true"}),
      occasional_key("gather_16bit_weights_on_model_save", {"false"}),
      occasional_key("elastic_checkpoint", {"true"}),
      occasional_key("leaf_module",
                     {R"({"classes":"transformers.models.mixtral.modeling_mixtral.MixtralSparseMoeBlock"})",
                      R"({"names":["model.layers.0.mlp"],"name_suffixes":[]})"}),
  };
  return keys;
}

const std::vector<std::int64_t>& world_size_pool() {
  static const std::vector<std::int64_t> pool{1, 2, 4};
  return pool;
}

}  // namespace zfcheck::gen
