// The known-key tables and the walk that finds unknown keys and misplaced zenflow blocks.
#include "harness/explain/config_keys.hpp"

#include "reference/nearest_name.hpp"
#include "reference/zenflow_fields.hpp"
#include "reference/zero_config.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

// The top-level keys DeepSpeed reads (its config documentation and DeepSpeedConfig at edaa72212). Others
// are ignored without a word.
constexpr std::string_view kTopLevel[] = {
    "activation_checkpointing",
    "aio",
    "amp",
    "autotuning",
    "bf16",
    "checkpoint",
    "comet",
    "communication_data_type",
    "comms_logger",
    "compile",
    "compression_training",
    "csv_monitor",
    "curriculum_learning",
    "data_efficiency",
    "data_types",
    "dataloader_drop_last",
    "disable_allgather",
    "dump_state",
    "eigenvalue",
    "elasticity",
    "flops_profiler",
    "fp16",
    "gradient_accumulation_steps",
    "gradient_allreduce_op",
    "gradient_clipping",
    "gradient_predivide_factor",
    "graph_harvesting",
    "hybrid_engine",
    "log_level",
    "managed_gradient_accumulation",
    "memory_breakdown",
    "nebula",
    "optimizer",
    "pipeline",
    "prescale_gradients",
    "progressive_layer_drop",
    "quantize_training",
    "scheduler",
    "seq_parallel_communication_data_type",
    "sparse_attention",
    "sparse_gradients",
    "steps_per_print",
    "tensor_parallel",
    "tensorboard",
    "timers",
    "torch_autocast",
    "train_batch_size",
    "train_micro_batch_size_per_gpu",
    "use_data_before_expert_parallelism",
    "vocabulary_size",
    "wall_clock_breakdown",
    "wandb",
    "weight_quantization",
    "zero_allow_untested_optimizer",
    "zero_force_ds_cpu_optimizer",
    "zero_optimization",
    "expert_parallel",
};

std::vector<std::string> names(std::span<const std::string_view> keys) { return {keys.begin(), keys.end()}; }

void unknown_keys(const py::Dict& block, std::string_view where, std::span<const std::string_view> known,
                  std::string_view consequence, std::vector<KeyNote>& out) {
  for (const auto& [key, value] : block.entries()) {
    if (key.text == "zenflow" || std::find(known.begin(), known.end(), key.text) != known.end()) continue;
    std::string sentence = std::string(where) + key.text + " is not a key DeepSpeed knows there (" +
                           std::string(consequence) + ")";
    if (auto near = nearest_name(key.text, names(known))) sentence += "; did you mean " + *near + "?";
    out.push_back({sentence + (sentence.back() == '?' ? "" : "."), false});
  }
}

// Every "zenflow" key below `value` except zero_optimization.zenflow itself.
void misplaced(const py::Value& value, const std::string& path, std::vector<KeyNote>& out) {
  if (const py::List* list = value.as<py::List>()) {
    for (std::size_t i = 0; i < list->size(); ++i)
      misplaced((*list)[i], path + "[" + std::to_string(i) + "]", out);
    return;
  }
  const py::Dict* dict = value.as<py::Dict>();
  if (dict == nullptr) return;
  for (const auto& [key, child] : dict->entries()) {
    std::string here = path.empty() ? key.text : path + "." + key.text;
    if (key.text == "zenflow" && here != "zero_optimization.zenflow") {
      out.push_back(
          {"A zenflow block at " + here +
               ", where DeepSpeed never reads it: ZenFlow is configured under zero_optimization.zenflow "
               "(move it there).",
           true});
    }
    misplaced(child, here, out);
  }
}

}  // namespace

std::vector<KeyNote> key_notes(const py::Value& config) {
  std::vector<KeyNote> out;
  const py::Dict* top = config.as<py::Dict>();
  if (top == nullptr) return out;
  misplaced(config, "", out);
  unknown_keys(*top, "", kTopLevel, "DeepSpeed ignores it", out);
  const py::Value* zero_value = top->find("zero_optimization");
  const py::Dict* zero = zero_value ? zero_value->as<py::Dict>() : nullptr;
  if (zero == nullptr) return out;
  unknown_keys(*zero, "zero_optimization.", zero_section_keys(), "DeepSpeedZeroConfig refuses unknown keys",
               out);
  const py::Value* zenflow_value = zero->find("zenflow");
  const py::Dict* zenflow = zenflow_value ? zenflow_value->as<py::Dict>() : nullptr;
  if (zenflow == nullptr) return out;
  unknown_keys(*zenflow, "zero_optimization.zenflow.", kConfigFields, "ZenFlowConfig refuses unknown keys",
               out);
  return out;
}

}  // namespace zfcheck
