// "auto" values: what the Hugging Face Trainer fills them with before DeepSpeed sees the config, and what
// DeepSpeed does with the ones it gets directly.
#pragma once

#include "reference/py_value.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace zfcheck {

// The paths (dotted) of every value equal to "auto", in the order of the config.
std::vector<std::string> auto_paths(const py::Value& config);

// As transformers' HfTrainerDeepSpeedConfig does with TrainingArguments' defaults (the values the config
// itself sets taken as the run's arguments): train_micro_batch_size_per_gpu (per_device_train_batch_size,
// 8), gradient_accumulation_steps (1), train_batch_size (world size x the two), gradient_clipping
// (max_grad_norm, 1.0), optimizer.params lr/betas/eps/weight_decay, scheduler.params warmup_min_lr and
// warmup_max_lr, fp16/bf16/amp enabled (false). One sentence per "auto" replaced, and one per "auto" left
// (filled from the model or the run's length, which the config does not say, and not read by ZenFlow's
// set-up).
std::vector<std::string> fill_trainer_auto(py::Value& config, std::int64_t world_size);

// Sentences, for the default reader, on the "auto" values DeepSpeed gets as they are: under
// zero_optimization's own keys DeepSpeedZeroConfig drops them (the default is used; nested blocks are
// validated as written and left to the engine); elsewhere deepspeed.initialize() fails on them: the Trainer
// fills them (--reader hf), and DeepSpeed's autotuner fills the three batch keys for the runs it launches.
std::vector<std::string> direct_auto_sentences(const py::Value& config);

}  // namespace zfcheck
