// The mixes a case genome is drawn from, and how a genome becomes a case.
#include "properties/generators/case_genome.hpp"

#include "properties/generators/value_pools.hpp"
#include "reference/config.hpp"
#include "reference/py_json.hpp"
#include "reference/zenflow_fields.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace zfcheck::gen {

namespace {

constexpr std::size_t kContextSlots = 3;
// Weights are shares of this, so that integer division keeps small shares apart.
constexpr std::size_t kScale = 10'000;

// How a mix draws one field: how often it is absent against present, and how a present value splits
// among the origins.
struct FieldMix {
  std::size_t absent = 1;  // the odds of absent against present are absent : present
  std::size_t present = 1;
  std::array<std::size_t, 3> origin_share{};  // realistic, boundary, hostile
};

SlotWeights field_weights(std::string_view field, const FieldMix& mix) {
  const auto& pool = field_pool(field);
  std::array<std::size_t, 3> count{};
  for (const PoolValue& v : pool) ++count[static_cast<std::size_t>(v.origin)];
  std::size_t share_sum = mix.origin_share[0] + mix.origin_share[1] + mix.origin_share[2];
  SlotWeights w{mix.absent * kScale};
  for (const PoolValue& v : pool) {
    auto o = static_cast<std::size_t>(v.origin);
    if (mix.present == 0 || mix.origin_share[o] == 0) {
      w.push_back(0);
      continue;
    }
    std::size_t origin_total = mix.present * kScale * mix.origin_share[o] / share_sum;
    w.push_back(std::max<std::size_t>(1, origin_total / count[o]));
  }
  return w;
}

// Choice 0 always; any other choice equally often, `present` against `absent` in all.
SlotWeights uniform_weights(std::size_t choices, std::size_t absent, std::size_t present) {
  SlotWeights w{absent * kScale};
  for (std::size_t i = 1; i < choices; ++i) w.push_back(present == 0 ? 0 : present * kScale / (choices - 1));
  return w;
}

struct BlockMixSpec {
  std::size_t weight = 1;
  FieldMix fields;
  std::size_t extra_absent = 1;  // the odds of each unknown key being absent against present
  std::size_t extra_present = 0;
  bool non_object = false;  // the block is one of non_object_blocks() instead
};

Mix block_mix(const BlockMixSpec& spec) {
  Mix mix{spec.weight, {}};
  mix.slots.push_back(spec.non_object ? uniform_weights(non_object_blocks().size() + 1, 0, 1)
                                      : uniform_weights(non_object_blocks().size() + 1, 1, 0));
  FieldMix fields = spec.non_object ? FieldMix{.absent = 1, .present = 0} : spec.fields;
  for (std::string_view field : kConfigFields) mix.slots.push_back(field_weights(field, fields));
  for (const ExtraKey& extra : extra_keys()) {
    mix.slots.push_back(
        spec.non_object ? uniform_weights(extra.values.size() + 1, 1, 0)
                        : uniform_weights(extra.values.size() + 1, spec.extra_absent, spec.extra_present));
  }
  return mix;
}

// A third of the fields set, nearly always to what people write.
constexpr FieldMix kRealisticFields{.absent = 2, .present = 1, .origin_share = {9, 1, 0}};

// The configs people write: the PR thread's rows and probes, the tutorial's, upstream's test_zf.py
// parametrisations. Each becomes a mix that writes the row's fields (and no others) nine times in
// ten, and otherwise draws the field as the realistic mix does.
constexpr std::array<std::string_view, 20> kScenarioRows{
    "{}",
    R"({"select_strategy":"epoch","select_interval":1})",
    R"({"select_strategy":"step","select_interval":10})",
    R"({"select_strategy":"auto","select_interval":5})",
    R"({"steps_per_epoch":10})",
    R"({"steps_per_epoch":0})",
    R"({"steps_per_epoch":-5})",
    R"({"topk_ratio":0.05,"select_strategy":"auto","select_interval":"auto","update_interval":4,)"
    R"("full_warm_up_rounds":0,"overlap_step":true})",
    R"({"topk_ratio":0.2,"select_strategy":"auto","select_interval":"auto","update_interval":"auto",)"
    R"("overlap_step":false,"offload":false,"auto_ratio":0.99,"full_warm_up_rounds":0})",
    R"({"topk_ratio":0.2,"select_strategy":"auto","select_interval":"auto","update_interval":"auto",)"
    R"("overlap_step":false,"offload":true,"auto_ratio":0.99,"full_warm_up_rounds":3})",
    R"({"topk_ratio":0.2,"select_strategy":"step","select_interval":10,"update_interval":3,)"
    R"("overlap_step":false,"offload":false,"auto_ratio":0.99,"full_warm_up_rounds":0})",
    R"({"topk_ratio":0.2,"select_strategy":"step","select_interval":10,"update_interval":3,)"
    R"("overlap_step":false,"offload":true,"auto_ratio":0.99,"full_warm_up_rounds":3})",
    R"({"topk_ratio":0.2,"select_strategy":"epoch","select_interval":1,"update_interval":4,)"
    R"("overlap_step":false,"offload":false,"auto_ratio":0.99,"full_warm_up_rounds":0})",
    R"({"topk_ratio":0.2,"select_strategy":"epoch","select_interval":1,"update_interval":4,)"
    R"("overlap_step":false,"offload":true,"auto_ratio":0.99,"full_warm_up_rounds":3})",
    R"({"select_strategy":"step","select_interval":0})",
    R"({"select_strategy":"step","select_interval":-5})",
    R"({"select_strategy":"epoch","select_interval":1,"update_interval":4,"steps_per_epoch":3})",
    R"({"update_interval":0})",
    R"({"full_warm_up_rounds":-1})",
    R"({"topk_ratio":0})",
};

std::size_t index_in_pool(std::string_view field, const py::Value& value) {
  const auto& pool = field_pool(field);
  auto it = std::find_if(pool.begin(), pool.end(), [&](const PoolValue& v) { return v.value == value; });
  if (it == pool.end()) throw std::logic_error("scenario value of " + std::string(field) + " is in no pool");
  return static_cast<std::size_t>(it - pool.begin()) + 1;
}

Mix scenario_mix(std::string_view row_text, std::size_t weight) {
  py::Value row = *py::parse_json(row_text);
  Mix mix = block_mix({.weight = weight, .fields = kRealisticFields});
  for (std::size_t f = 0; f < kConfigFields.size(); ++f) {
    SlotWeights& w = mix.slots[kFirstFieldSlot + f];
    const py::Value* value = row.as<py::Dict>()->find(kConfigFields[f]);
    std::size_t favourite = value ? index_in_pool(kConfigFields[f], *value) : 0;
    std::size_t sum = 0;
    for (std::size_t x : w) sum += x;
    w[favourite] += 9 * sum;
  }
  return mix;
}

std::vector<SlotWeights> context_slots() {
  std::vector<SlotWeights> slots(kContextSlots);
  for (const auto& v : dataloader_pool()) slots[0].push_back(v.weight);
  for (const auto& v : stage_pool()) slots[1].push_back(v.weight);
  for (const auto& v : micro_steps_pool()) slots[2].push_back(v.weight);
  return slots;
}

// The choices `picks` of a slot with `choices` choices, each as often, and no other.
SlotWeights evenly(std::size_t choices, const std::vector<std::size_t>& picks) {
  SlotWeights w(choices, 0);
  for (std::size_t pick : picks) w[pick] = 1;
  return w;
}

// The schedule corners: each field that moves the schedule (those with boundary values in the field
// table) absent or set to one of these values that its boundary values hold, but its default (absent
// stands for it); every other key absent; the dataloader absent, empty, short or normal; all evenly.
// Every conjunction of schedule paths is drawn often, so that the generators reach every cause
// (docs/causes.md) by design rather than by luck.
constexpr std::array<std::string_view, 6> kCornerTexts{"0",         "1",         "-1",
                                                       R"("auto")", R"("step")", R"("epoch")"};
constexpr std::array<std::optional<std::int64_t>, 4> kCornerDataloaders{std::nullopt, 0, 1, 10};

Mix corners_block(std::size_t weight) {
  Mix mix = block_mix({.weight = weight, .fields = {.absent = 1, .present = 0}});  // every key absent
  for (std::size_t f = 0; f < kZenFlowFields.size(); ++f) {
    const ZenFlowField& field = kZenFlowFields[f];
    std::vector<std::size_t> picks{0};
    for (std::string_view text : field.boundary) {
      if (text != field.default_value && std::ranges::find(kCornerTexts, text) != kCornerTexts.end())
        picks.push_back(index_in_pool(field.name, *py::parse_json(text)));
    }
    SlotWeights& w = mix.slots[kFirstFieldSlot + f];
    w = evenly(w.size(), picks);
  }
  return mix;
}

// The corners' context: stage and micro_steps at their defaults (choice 0).
std::vector<SlotWeights> corners_context() {
  std::vector<std::size_t> dataloaders;
  for (std::size_t i = 0; i < dataloader_pool().size(); ++i) {
    if (std::ranges::find(kCornerDataloaders, dataloader_pool()[i].value) != kCornerDataloaders.end())
      dataloaders.push_back(i);
  }
  return {evenly(dataloader_pool().size(), dataloaders), evenly(stage_pool().size(), {0}),
          evenly(micro_steps_pool().size(), {0})};
}

// The whole-config slots, after the context (each choice 0 the simplest): whether the case is a whole
// config, one per top_level_keys(), the world size, zero_optimization an object (0), absent (1) or in the
// deprecated bool format (2: true, 3: false), one per zero_keys(), zero_optimization.zenflow the block (0)
// or absent (1), a top-level (misplaced) zenflow absent (0) or the block (1). A zenflow-block case has
// every one at choice 0.
std::vector<SlotWeights> block_case_slots() {
  std::vector<SlotWeights> slots{{1, 0}};
  for (const ConfigKey& k : top_level_keys()) slots.push_back(evenly(k.values.size(), {0}));
  slots.push_back(evenly(world_size_pool().size(), {0}));
  slots.push_back({1, 0, 0, 0});
  for (const ConfigKey& k : zero_keys()) slots.push_back(evenly(k.values.size(), {0}));
  slots.push_back({1, 0});
  slots.push_back({1, 0});
  return slots;
}

// The whole-config slots of a whole-config case: every key's values evenly, left out as its
// absent_weight says, zero_optimization and its zenflow nearly always there, the misplaced top-level
// zenflow now and then.
std::vector<SlotWeights> whole_config_slots() {
  const auto key_slot = [](const ConfigKey& k) {
    SlotWeights weights(k.values.size(), 1);
    weights[0] = k.absent_weight;
    return weights;
  };
  std::vector<SlotWeights> slots{{0, 1}};
  for (const ConfigKey& k : top_level_keys()) slots.push_back(key_slot(k));
  slots.push_back(SlotWeights(world_size_pool().size(), 1));
  slots.push_back({18, 2, 1, 1});
  for (const ConfigKey& k : zero_keys()) slots.push_back(key_slot(k));
  slots.push_back({9, 1});
  slots.push_back({9, 1});
  return slots;
}

// A block mix, the context slots its cases are drawn in, and its whole-config slots.
struct CaseMix {
  Mix block;
  std::vector<SlotWeights> context = context_slots();
  std::vector<SlotWeights> whole = block_case_slots();
};

// How many times the zenflow-block mixes' weights are scaled, against their whole-config twins' (a
// sixth of all cases are whole configs).
constexpr std::size_t kBlockCaseScale = 5;

// Each block mix as a zenflow-block case and, at 1 / (kBlockCaseScale + 1) of its weight, as the
// zenflow block of a whole config drawn in the same context, at the default stage.
std::vector<CaseMix> with_whole_configs(const std::vector<CaseMix>& block_cases) {
  std::vector<CaseMix> out;
  for (CaseMix m : block_cases) {
    m.block.weight *= kBlockCaseScale;
    out.push_back(m);
  }
  for (CaseMix m : block_cases) {
    m.context[1] = evenly(stage_pool().size(), {0});
    m.whole = whole_config_slots();
    out.push_back(std::move(m));
  }
  return out;
}

const std::vector<CaseMix>& every_mix() {
  static const std::vector<CaseMix> mixes = [] {
    std::vector<CaseMix> out{
        // Realistic configs.
        {block_mix({.weight = 20, .fields = kRealisticFields})},
        // Boundary values: half the fields set, mostly to 0, 1, -1, "auto", null, the horizon.
        {block_mix({.weight = 14,
                    .fields = {.absent = 1, .present = 1, .origin_share = {3, 5, 2}},
                    .extra_absent = 20,
                    .extra_present = 1})},
        // Hostile blocks: wrong types, odd strings, huge numbers, unknown keys.
        {block_mix({.weight = 8,
                    .fields = {.absent = 1, .present = 1, .origin_share = {2, 3, 5}},
                    .extra_absent = 4,
                    .extra_present = 1})},
        // Not an object at all.
        {block_mix({.weight = 2, .fields = {}, .non_object = true})},
        // The schedule corners, in their own context. The rarest conjunction a recorded cause names
        // (strategy epoch, select_interval 0, full_warm_up_rounds negative, no dataloader, one
        // steps_per_epoch, a valid update_interval) is 1 in 1152 corner cases: at a third of all
        // cases, some 17 in CI's 60,000.
        {corners_block(32), corners_context()},
    };
    for (std::string_view row : kScenarioRows) out.push_back({scenario_mix(row, 1)});
    return with_whole_configs(out);
  }();
  return mixes;
}

}  // namespace

const std::vector<Mix>& block_mixes() {
  static const std::vector<Mix> mixes = [] {
    std::vector<Mix> out;
    for (const CaseMix& m : every_mix()) {
      if (m.whole[0][0] != 0) out.push_back(m.block);  // each block mix once (the zenflow-block twin)
    }
    return out;
  }();
  return mixes;
}

const std::vector<Mix>& context_mixes() {
  static const std::vector<Mix> mixes{Mix{1, context_slots()}};
  return mixes;
}

const std::vector<Mix>& case_mixes() {
  static const std::vector<Mix> mixes = [] {
    std::vector<Mix> out;
    for (const CaseMix& m : every_mix()) {
      out.push_back(m.block);
      out.back().slots.insert(out.back().slots.end(), m.context.begin(), m.context.end());
      out.back().slots.insert(out.back().slots.end(), m.whole.begin(), m.whole.end());
    }
    return out;
  }();
  return mixes;
}

py::Value decode_block(const Genome& genome) {
  if (genome[kShapeSlot] != 0) return non_object_blocks()[genome[kShapeSlot] - 1];
  py::Dict block;
  for (std::size_t f = 0; f < kConfigFields.size(); ++f) {
    if (std::size_t k = genome[kFirstFieldSlot + f]) {
      block.set(py::Str{std::string(kConfigFields[f])}, field_pool(kConfigFields[f])[k - 1].value);
    }
  }
  const std::size_t first_extra = kFirstFieldSlot + kConfigFields.size();
  for (std::size_t e = 0; e < extra_keys().size(); ++e) {
    if (std::size_t k = genome[first_extra + e])
      block.set(extra_keys()[e].key, extra_keys()[e].values[k - 1]);
  }
  return block;
}

namespace {

// The context held by the slots from `first` on.
Case context_at(const Genome& genome, std::size_t first) {
  Case c;
  c.dataloader_len = dataloader_pool()[genome[first]].value;
  c.stage = stage_pool()[genome[first + 1]].value;
  c.micro_steps = micro_steps_pool()[genome[first + 2]].value;
  return c;
}

void set_key(py::Dict& dict, const ConfigKey& key, std::size_t choice) {
  if (const auto& value = key.values[choice]) dict.set(key.key, *value);
}

// The whole config the slots from `first` on make around `block`; nothing for a zenflow-block case.
std::optional<py::Value> whole_config_at(const Genome& genome, std::size_t first, const py::Value& block) {
  if (genome[first++] == 0) return std::nullopt;
  py::Dict config;
  for (const ConfigKey& key : top_level_keys()) set_key(config, key, genome[first++]);
  first++;  // the world size
  const std::size_t zero_form = genome[first++];
  py::Dict zero;
  for (const ConfigKey& key : zero_keys()) set_key(zero, key, genome[first++]);
  if (genome[first++] == 0) zero.set(py::Str{"zenflow"}, block);
  if (zero_form == 0) config.set(py::Str{"zero_optimization"}, py::Value(std::move(zero)));
  if (zero_form >= 2) config.set(py::Str{"zero_optimization"}, py::Value(zero_form == 2));
  if (genome[first] != 0) config.set(py::Str{"zenflow"}, block);
  return py::Value(std::move(config));
}

}  // namespace

Case decode_context(const Genome& genome) { return context_at(genome, 0); }

Case decode_case(const Genome& genome) {
  const std::size_t context = kFirstFieldSlot + kConfigFields.size() + extra_keys().size();
  const std::size_t whole = context + kContextSlots;
  Case c = context_at(genome, context);
  py::Value block = decode_block(genome);
  c.deepspeed_config = whole_config_at(genome, whole, block);
  if (c.deepspeed_config) {
    c.world_size = world_size_pool()[genome[whole + 1 + top_level_keys().size()]];
    c.zenflow = py::None{};
  } else {
    c.zenflow = std::move(block);
  }
  return c;
}

}  // namespace zfcheck::gen
