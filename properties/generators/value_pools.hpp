// The finite value pools the generators draw from, each sorted simplest first under harness/minimal_order.
//
// Every choice a generator makes is an index into one of these pools, and shrinking moves an index
// towards 0. Sorting a pool by the simplicity of the case it produces makes "smaller index" mean
// "simpler case", so RapidCheck's shrinking ends where the sweep's minimal counterexamples are.
#pragma once

#include "reference/py_value.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace zfcheck::gen {

// Where a value comes from, which sets how often a mix of the generator draws it.
enum class Origin {
  realistic,  // the tutorial, upstream's tests, the PR thread
  boundary,   // zero, one, minus one, "auto", null, the ends of [0, 1], the 40-step horizon
  hostile,    // wrong JSON types, huge integers, NaN, odd spellings, strings pydantic parses or refuses
};

struct PoolValue {
  py::Value value;
  Origin origin;
};

// The values one ZenFlowConfig field takes, simplest first (as the only key of a block); absent is not
// one of them (a generator's choice 0 is "absent").
const std::vector<PoolValue>& field_pool(std::string_view field);

// Every boundary and hostile value any field pool holds, simplest first as a block's only unknown key.
const std::vector<PoolValue>& hostile_pool();

// zenflow values that are not objects (null, "auto", numbers, strings, lists), simplest first.
const std::vector<py::Value>& non_object_blocks();

// A key ZenFlowConfig does not declare but that upstream's base class or pydantic treats specially
// ("strict", "self", "replace_method", a lone surrogate) or rejects, with its values simplest first.
struct ExtraKey {
  py::Str key;
  std::vector<py::Value> values;
};
const std::vector<ExtraKey>& extra_keys();

// The engine context: each value with how often it is drawn, simplest first (absent, stage 2 and
// micro_steps 40 are the defaults, so they come first).
template <class T>
struct Weighted {
  T value;
  std::size_t weight;
};
const std::vector<Weighted<std::optional<std::int64_t>>>&
dataloader_pool();  // absent, empty, short, normal, huge
const std::vector<Weighted<int>>& stage_pool();
const std::vector<Weighted<std::int64_t>>& micro_steps_pool();

// A key of the whole DeepSpeed config (or of its zero_optimization section) with the values a
// whole-config case gives it, in the order shrinking prefers (absent first, then the value the sweep
// grid's whole-config blocks write most).
struct ConfigKey {
  py::Str key;
  std::vector<std::optional<py::Value>> values;  // nothing: the key is absent
  // How much more often a whole config leaves the key out than gives each value: 1 for the keys every
  // rule reads, more for keys real configs hold now and then, so that most configs still reach set-up.
  std::size_t absent_weight = 1;
};
// train_batch_size, train_micro_batch_size_per_gpu, gradient_accumulation_steps (absent, consistent,
// inconsistent, 0, "auto", a bool or a list; the last two left out more often, so that most configs derive
// them); now and then gradient_allreduce_op, the fp16, bf16 and optimizer blocks
// (valid, refused by their validators, or not objects at all) and vocabulary_size (an int or a str) that
// DeepSpeedConfig's own assertions and warnings read, sequence_parallel_size (a float world size, inf
// among them), allgather_size (what the
// deprecated `zero_optimization: true` reads), an elasticity block (off, on, with numbers that are floats,
// bools or no numbers at all), and, one config in
// fourteen each, another feature's block (the monitors, autotuning, compression, data efficiency, aio, ...),
// as a real config writes it or as its parser refuses it.
const std::vector<ConfigKey>& top_level_keys();
// zero_optimization's stage (absent, 0-3, "2", "x"), offload_optimizer (absent, device cpu / nvme with
// its nvme_path / none) and overlap_comm; now and then offload_param, the deprecated keys upstream maps
// (cpu_offload and its kin, stage3_gather_fp16_weights_on_model_save, with or without their replacement)
// and elastic_checkpoint.
const std::vector<ConfigKey>& zero_keys();
// dist.get_world_size(): 1, 2, 4.
const std::vector<std::int64_t>& world_size_pool();

}  // namespace zfcheck::gen
