// The built-in sweep grid (documented in sweep_grid.hpp) and its mixed-radix decoding.
#include "harness/checks/sweep_grid.hpp"

#include "reference/py_json.hpp"
#include "reference/zenflow_fields.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>

namespace zfcheck {

namespace {

using Values = std::vector<py::Value>;
using Options = std::vector<std::optional<py::Value>>;

py::Value list(Values items) { return py::List(std::move(items)); }

Values parsed(JsonTexts texts) {
  Values values;
  for (std::string_view text : texts) values.push_back(*py::parse_json(text));
  return values;
}

// The values of one key that exercise the schedule (absent, then the field's boundary values), and its
// coercion values, from the fields' table.
struct KeyValues {
  std::string_view key;
  Options schedule;
  Values coercion;
};

// The config keys in the grid's order (the schedule keys first), which fixes every case's index.
constexpr std::string_view kGridKeyOrder[] = {
    "select_strategy", "select_interval", "update_interval",        "steps_per_epoch", "full_warm_up_rounds",
    "topk_ratio",      "auto_ratio",      "pt_reserved_cores_perc", "overlap_step",    "offload"};

const std::vector<KeyValues>& config_keys() {
  static const std::vector<KeyValues> keys = [] {
    std::vector<KeyValues> out;
    for (std::string_view key : kGridKeyOrder) {
      const ZenFlowField& field = *find_field(key);
      Options schedule{std::nullopt};
      for (py::Value& v : parsed(field.boundary)) schedule.emplace_back(std::move(v));
      out.push_back({key, std::move(schedule), parsed(field.coercion)});
    }
    return out;
  }();
  return keys;
}

const KeyValues& key_values(std::string_view key) {
  const auto& keys = config_keys();
  return *std::find_if(keys.begin(), keys.end(), [&](const KeyValues& k) { return k.key == key; });
}

std::optional<py::Dict::Entry> entry(std::string_view key, py::Value value) {
  return py::Dict::Entry{py::Str{std::string(key)}, std::move(value)};
}

EntryAxis axis(std::string_view key, const Options& values) {
  EntryAxis a;
  for (const auto& v : values) a.options.push_back(v ? entry(key, *v) : std::nullopt);
  return a;
}

EntryAxis coercion_axis(std::string_view key, std::size_t limit = std::numeric_limits<std::size_t>::max()) {
  const Values& coercion = key_values(key).coercion;
  EntryAxis a;
  for (std::size_t i = 0; i < coercion.size() && i < limit; ++i) a.options.push_back(entry(key, coercion[i]));
  return a;
}

const std::vector<std::optional<std::int64_t>>& all_dataloader_lens() {
  static const std::vector<std::optional<std::int64_t>> lens{
      std::nullopt, 0, 1, 3, 10, std::numeric_limits<std::int64_t>::max()};
  return lens;
}

GridBlock schedule_block() {
  GridBlock b{"schedule", {}, {}, all_dataloader_lens(), {1, 2, 3}};
  for (std::string_view key :
       {"select_strategy", "select_interval", "update_interval", "steps_per_epoch", "full_warm_up_rounds"}) {
    b.axes.push_back(axis(key, key_values(key).schedule));
  }
  return b;
}

// The schedule keys a coercion block holds around the field under test, and the values they take.
const std::vector<std::pair<std::string_view, Options>>& coercion_context() {
  static const std::vector<std::pair<std::string_view, Options>> context{
      {"select_strategy", {std::nullopt, "step", "epoch"}},
      {"select_interval", {std::nullopt, 1}},
      {"update_interval", {std::nullopt, 4}},
  };
  return context;
}

}  // namespace

GridBlock field_block(std::string name, std::string_view field, const std::vector<py::Value>& values) {
  GridBlock b{std::move(name), {}, {}, {std::nullopt, 0, 3, 10}, {1, 2, 3}};
  EntryAxis tried;
  for (const py::Value& v : values) tried.options.push_back(entry(field, v));
  b.axes.push_back(std::move(tried));
  for (const auto& [key, values] : coercion_context()) {
    if (key != field) b.axes.push_back(axis(key, values));
  }
  return b;
}

namespace {

GridBlock coercion_block(std::string_view field) {
  return field_block("coercion:" + std::string(field), field, key_values(field).coercion);
}

GridBlock unknown_key_block() {
  EntryAxis unknown{{entry("foo", 1), entry("foo", py::None{}), entry("foo", "auto"), entry("strict", true),
                     entry("strict", false), entry("self", 1), entry("replace_method", "auto"),
                     entry("Select_Strategy", "step")}};
  return GridBlock{"unknown-key",
                   {},
                   {axis("select_strategy", {std::nullopt, "step"}), unknown},
                   {std::nullopt, 10},
                   {2, 3}};
}

// Pairs of coercion values: which of two errors pydantic reports first.
std::vector<GridBlock> precedence_blocks() {
  constexpr std::size_t kPerField = 4;
  std::vector<EntryAxis> fields;
  for (const auto& k : config_keys()) fields.push_back(coercion_axis(k.key, kPerField));
  fields.push_back(
      EntryAxis{{entry("foo", 1), entry("foo", py::None{}), entry("foo", true), entry("foo", "x")}});
  std::vector<GridBlock> blocks;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    for (std::size_t j = i + 1; j < fields.size(); ++j) {
      std::string name =
          "precedence:" + fields[i].options.front()->first.text + "+" + fields[j].options.front()->first.text;
      blocks.push_back(GridBlock{std::move(name), {}, {fields[i], fields[j]}, {std::nullopt}, {2}});
    }
  }
  return blocks;
}

GridBlock non_object_block() {
  return GridBlock{"non-object",
                   {py::None{}, "auto", true, false, 0, 123, 1.5, "x", "", list({}), list({"step"})},
                   {},
                   all_dataloader_lens(),
                   {1, 2, 3}};
}

// The whole-config blocks' values (sweep_grid.hpp).
py::Value object(std::initializer_list<std::pair<std::string_view, py::Value>> entries) {
  py::Dict d;
  for (const auto& [k, v] : entries) d.set(py::Str{std::string(k)}, v);
  return d;
}

const Options& zenflow_blocks() {
  static const Options blocks{
      std::nullopt, py::Dict{},
      object({{"select_strategy", "step"}, {"select_interval", 8}, {"update_interval", 4}})};
  return blocks;
}

// The tutorial's ZeRO section, with `zenflow` when given.
py::Value tutorial_zero(const std::optional<py::Value>& zenflow, int stage = 2) {
  py::Dict d = *object({{"stage", stage}, {"offload_optimizer", object({{"device", "cpu"}})}}).as<py::Dict>();
  if (zenflow) d.set(py::Str{"zenflow"}, *zenflow);
  return d;
}

GridBlock whole_config_block(std::string name, std::vector<EntryAxis> axes,
                             std::vector<std::optional<std::int64_t>> dataloader_lens = {std::nullopt},
                             std::vector<std::int64_t> world_sizes = {1}) {
  return GridBlock{std::move(name),       {}, std::move(axes), std::move(dataloader_lens), {2}, true,
                   std::move(world_sizes)};
}

GridBlock batch_block() {
  Options zero;
  for (const auto& z : zenflow_blocks()) zero.emplace_back(tutorial_zero(z));
  return whole_config_block(
      "whole-config:batch",
      {axis("train_batch_size", {std::nullopt, 16, 0, 6}),
       axis("train_micro_batch_size_per_gpu", {std::nullopt, 2, 0, "auto"}),
       axis("gradient_accumulation_steps", {std::nullopt, 1, 4, 0}), axis("zero_optimization", zero)},
      {std::nullopt}, {1, 2, 4});
}

GridBlock zero_block() {
  const Options stages{std::nullopt, 0, 1, 2, 3, "2", "x"};
  const Options offloads{std::nullopt, object({{"device", "cpu"}}), object({{"device", "nvme"}}),
                         object({{"device", "none"}})};
  const Options overlaps{std::nullopt, true, false};
  Options zenflows = zenflow_blocks();
  zenflows.emplace_back(object({{"offload", true}}));
  Options zero;
  for (const auto& stage : stages) {
    for (const auto& offload : offloads) {
      for (const auto& overlap : overlaps) {
        for (const auto& zenflow : zenflows) {
          py::Dict d;
          if (stage) d.set(py::Str{"stage"}, *stage);
          if (offload) d.set(py::Str{"offload_optimizer"}, *offload);
          if (overlap) d.set(py::Str{"overlap_comm"}, *overlap);
          if (zenflow) d.set(py::Str{"zenflow"}, *zenflow);
          zero.emplace_back(std::move(d));
        }
      }
    }
  }
  return whole_config_block("whole-config:zero",
                            {axis("train_batch_size", {8}), axis("zero_optimization", zero)},
                            {std::nullopt, 10});
}

GridBlock allreduce_block() {
  return whole_config_block(
      "whole-config:allreduce",
      {axis("gradient_allreduce_op", {"sum", "SUM", "mean", "max", py::None{}}),
       axis("train_batch_size", {8}),
       axis("zero_optimization",
            {tutorial_zero(py::Dict{}), tutorial_zero(py::Dict{}, 3), tutorial_zero(std::nullopt)})});
}

GridBlock misplaced_block() {
  return whole_config_block(
      "whole-config:misplaced",
      {axis("zenflow", {py::Dict{}, zenflow_blocks()[2]}), axis("train_batch_size", {8}),
       axis("zero_optimization", {std::nullopt, tutorial_zero(std::nullopt), tutorial_zero(py::Dict{})})});
}

}  // namespace

std::vector<GridBlock> builtin_grid_blocks() {
  std::vector<GridBlock> blocks{schedule_block()};
  for (const auto& k : config_keys()) blocks.push_back(coercion_block(k.key));
  blocks.push_back(unknown_key_block());
  for (auto& b : precedence_blocks()) blocks.push_back(std::move(b));
  blocks.push_back(non_object_block());
  for (auto& b : {batch_block(), zero_block(), allreduce_block(), misplaced_block()}) blocks.push_back(b);
  return blocks;
}

tl::expected<std::vector<GridBlock>, std::string> builtin_grid_blocks(
    const std::vector<std::string>& selectors) {
  std::vector<GridBlock> all = builtin_grid_blocks();
  if (selectors.empty()) return all;
  auto family = [](const std::string& name) { return name.substr(0, name.find(':')); };
  auto chosen = [&](const GridBlock& b, const std::string& selector) {
    return b.name == selector || family(b.name) == selector;
  };
  for (const std::string& selector : selectors) {
    if (std::none_of(all.begin(), all.end(), [&](const GridBlock& b) { return chosen(b, selector); })) {
      std::string names;  // each family once: its name, or its size and first block
      for (std::size_t i = 0; i < all.size(); ++i) {
        const std::string f = family(all[i].name);
        if (i > 0 && family(all[i - 1].name) == f) continue;
        const auto n = std::count_if(all.begin() + static_cast<std::ptrdiff_t>(i), all.end(),
                                     [&](const GridBlock& b) { return family(b.name) == f; });
        names += (i > 0 ? ", " : "") + f;
        if (f != all[i].name) names += " (" + std::to_string(n) + " blocks, e.g. " + all[i].name + ")";
      }
      return tl::unexpected("no grid block or family of blocks named '" + selector + "'; the grid's are " +
                            names);
    }
  }
  std::vector<GridBlock> out;
  for (GridBlock& b : all) {
    if (std::any_of(selectors.begin(), selectors.end(), [&](const std::string& s) { return chosen(b, s); }))
      out.push_back(std::move(b));
  }
  return out;
}

std::uint64_t GridBlock::size() const {
  std::uint64_t n = whole_blocks.empty() ? 1 : whole_blocks.size();
  for (const auto& a : axes) n *= a.options.size();
  return n * dataloader_lens.size() * stages.size() * world_sizes.size();
}

SweepGrid::SweepGrid(std::vector<GridBlock> blocks) : blocks_(std::move(blocks)) {
  for (const auto& b : blocks_) {
    if (b.axes.size() > GridBlock::kMaxAxes || (!b.whole_blocks.empty() && !b.axes.empty())) {
      throw std::invalid_argument("sweep grid block " + b.name + " is malformed");
    }
    starts_.push_back(size_);
    size_ += b.size();
  }
}

const SweepGrid& SweepGrid::builtin() {
  static const SweepGrid grid(builtin_grid_blocks());
  return grid;
}

const GridBlock& SweepGrid::block_of(std::uint64_t index) const {
  if (index >= size_) throw std::out_of_range("sweep grid index " + std::to_string(index));
  auto after = std::upper_bound(starts_.begin(), starts_.end(), index);
  return blocks_[static_cast<std::size_t>(after - starts_.begin() - 1)];
}

Case SweepGrid::at(std::uint64_t index) const {
  Case c;
  decode(index, c, size_);
  return c;
}

std::uint64_t SweepGrid::decode(std::uint64_t index, Case& c, std::uint64_t built) const {
  const GridBlock& b = block_of(index);
  std::uint64_t start = starts_[static_cast<std::size_t>(&b - blocks_.data())];
  std::uint64_t rest = index - start;
  c.stage = b.stages[rest % b.stages.size()];
  rest /= b.stages.size();
  c.dataloader_len = b.dataloader_lens[rest % b.dataloader_lens.size()];
  rest /= b.dataloader_lens.size();
  c.world_size = b.world_sizes[rest % b.world_sizes.size()];
  rest /= b.world_sizes.size();
  // The zenflow value is named by the first index that decodes to it (stage, dataloader, world size first).
  std::uint64_t zenflow_index =
      start + rest * b.stages.size() * b.dataloader_lens.size() * b.world_sizes.size();
  if (zenflow_index == built) return built;
  c.deepspeed_config.reset();
  if (!b.whole_blocks.empty()) {
    c.zenflow = b.whole_blocks[rest];
    return zenflow_index;
  }
  // Decode the axes from the fastest (last) to the slowest, then write the entries in axis order.
  std::array<std::size_t, GridBlock::kMaxAxes> chosen{};
  for (std::size_t i = b.axes.size(); i-- > 0;) {
    chosen[i] = rest % b.axes[i].options.size();
    rest /= b.axes[i].options.size();
  }
  py::Dict block;
  block.reserve(b.axes.size());
  for (std::size_t i = 0; i < b.axes.size(); ++i) {
    if (const auto& e = b.axes[i].options[chosen[i]]) block.set(e->first, e->second);
  }
  if (b.whole_config) {
    c.zenflow = py::None{};
    c.deepspeed_config = py::Value(std::move(block));
  } else {
    c.zenflow = std::move(block);
  }
  return zenflow_index;
}

}  // namespace zfcheck
