// The sweep grid: a deterministic, lazily enumerated set of cases that covers the whole input domain.
//
// The grid is the union of blocks; each block is the cartesian product of a few axes, every other key
// absent, `micro_steps` at its default of 40. Case i is decoded from i in mixed radix (block by block,
// the last axis varying fastest), so no case list is ever built. Every case in the grid is distinct.
//
// Value sets, per key: the schedule values (absent, then the field's boundary values), and the coercion
// values (wrong types, bounds, spellings; each exercised in the coercion block), both from the fields'
// table (reference/zenflow_fields.hpp); the keys in the order select_strategy, select_interval,
// update_interval, steps_per_epoch, full_warm_up_rounds, topk_ratio, auto_ratio, pt_reserved_cores_perc,
// overlap_step, offload. "absent" means the key is not written.
//   unknown keys          "foo": 1, "foo": null, "foo": "auto", "strict": true, "strict": false,
//                         "self": 1, "replace_method": "auto", "Select_Strategy": "step"
//   dataloader_len        absent (no training_data=), 0, 1, 3 (short: below update_interval 4), 10,
//                         9223372036854775807 (huge)
//   stage                 1, 2, 3
//
// Blocks (342,878 zenflow cases, 344,147 cases in all):
//   schedule     select_strategy x select_interval x update_interval x steps_per_epoch x full_warm_up_rounds,
//                over their schedule values, x every dataloader_len x every stage (326,592)
//   coercion     for each of the ten config fields F: F over its coercion values x select_strategy
//                {absent, "step", "epoch"} x select_interval {absent, 1} x update_interval {absent, 4}
//                (the context keys other than F) x dataloader_len {absent, 0, 3, 10} x stage {1, 2, 3}
//                (15,144)
//   unknown-key  each unknown-key entry x select_strategy {absent, "step"} x dataloader_len {absent, 10}
//                x stage {2, 3} (64)
//   precedence   for each pair of the ten fields and the unknown key "foo": the first four coercion values
//                of each ("foo": 1, null, true, "x"), crossed (which error wins); no dataloader, stage 2
//                (880)
//   non-object   zenflow = null, "auto", true, false, 0, 123, 1.5, "x", "", [], ["step"] x every
//                dataloader_len x every stage (198; {} itself is the schedule block's all-absent corner)
//
// Whole-config blocks (deepspeed_config cases, docs/eval-format.md; after the blocks above, so that
// those keep their indices; 1,269 cases; no case of one block is in another). Their axes are top-level config
// keys; "tutorial ZeRO" is
// {"stage": 2, "offload_optimizer": {"device": "cpu"}} with, as zenflow, one of the ZenFlow blocks
// absent, {} (all "auto"), {"select_strategy": "step", "select_interval": 8, "update_interval": 4}.
//   whole-config:batch      train_batch_size {absent, 16, 0, 6} x train_micro_batch_size_per_gpu
//                           {absent, 2, 0, "auto"} x gradient_accumulation_steps {absent, 1, 4, 0} x
//                           zero_optimization {tutorial ZeRO with each ZenFlow block} x world_size {1, 2, 4}
//                           (576)
//   whole-config:zero       train_batch_size 8 x zero_optimization: stage {absent, 0, 1, 2, 3, "2", "x"} x
//                           offload_optimizer {absent, device cpu, nvme, none} x overlap_comm {absent, true,
//                           false} x zenflow {absent, {}, step/8/4, {"offload": true}} x dataloader_len
//                           {absent, 10} (672)
//   whole-config:allreduce  gradient_allreduce_op {"sum", "SUM", "mean", "max", null} x
//                           train_batch_size 8 x zero_optimization {tutorial ZeRO with {}, the same at
//                           stage 3, tutorial ZeRO without zenflow} (15)
//   whole-config:misplaced  a top-level zenflow {{}, step/8/4} x train_batch_size 8 x
//                           zero_optimization {absent, tutorial ZeRO without zenflow, with {}} (6)
#pragma once

#include "harness/io/progress.hpp"
#include "reference/evaluate.hpp"

#include <tl/expected.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// One axis of a block: the entry each option writes into the zenflow object (nothing: no entry).
// The options of one axis may use different keys (the unknown-key axis); two axes of a block never
// write the same key.
struct EntryAxis {
  std::vector<std::optional<py::Dict::Entry>> options;
};

// A cartesian product of axes. With `whole_blocks` non-empty the zenflow value is one of them and
// `axes` is empty; otherwise it is an object holding the axes' chosen entries in axis order.
struct GridBlock {
  static constexpr std::size_t kMaxAxes = 8;

  std::string name;
  std::vector<py::Value> whole_blocks;
  std::vector<EntryAxis> axes;
  std::vector<std::optional<std::int64_t>> dataloader_lens;
  std::vector<int> stages;
  // Whole-config blocks: the axes' entries make deepspeed_config (zenflow stays null, stage at its
  // default) and each case takes one of world_sizes.
  bool whole_config = false;
  std::vector<std::int64_t> world_sizes{1};

  std::uint64_t size() const;
};

// The coercion block's shape around `values` of `field` (a revision's field the model does not know, or one
// of the model's): field x select_strategy {absent, "step", "epoch"} x select_interval {absent, 1} x
// update_interval {absent, 4} (the context keys other than the field) x dataloader_len {absent, 0, 3, 10} x
// stage {1, 2, 3}: 144 cases per value.
GridBlock field_block(std::string name, std::string_view field, const std::vector<py::Value>& values);

// The blocks of the grid documented above, in order: a grid that adds blocks after them keeps every
// built-in case at its index.
std::vector<GridBlock> builtin_grid_blocks();

// The built-in blocks `selectors` name, in the grid's order: a selector names a block ("whole-config:zero")
// or a family, the part of the names before ':' ("coercion", "precedence", "whole-config"). No selector:
// every block. The reason, listing the families and block names, when a selector names none.
tl::expected<std::vector<GridBlock>, std::string> builtin_grid_blocks(
    const std::vector<std::string>& selectors);

class SweepGrid {
 public:
  // Throws std::invalid_argument for a block with more than kMaxAxes axes, or with both whole
  // blocks and axes (a construction bug).
  explicit SweepGrid(std::vector<GridBlock> blocks);

  // The grid documented above.
  static const SweepGrid& builtin();

  std::uint64_t size() const { return size_; }
  // Case `index`; the same index always gives the same case. Like vector::at, an index at or past
  // size() throws std::out_of_range (a caller's bug, never an input's).
  Case at(std::uint64_t index) const;
  // The block case `index` belongs to (same precondition).
  const GridBlock& block_of(std::uint64_t index) const;
  const std::vector<GridBlock>& blocks() const { return blocks_; }

  // Calls fn(case) for every case in index order: the one walk that sweep, diff and report share.
  // Consecutive cases that differ only in stage, dataloader_len or world_size share one zenflow (or
  // deepspeed_config) value, which is built once (the grid's fastest axes), so fn sees the same case
  // at(i) gives without the rebuild.
  template <class Fn>
  void for_each(Fn&& fn, Progress* progress = nullptr) const {
    constexpr std::uint64_t kProgressEvery = 1 << 14;
    Case c;
    std::uint64_t built = size_;  // index of the zenflow value `c` holds; none yet
    for (std::uint64_t i = 0; i < size_; ++i) {
      built = decode(i, c, built);
      fn(static_cast<const Case&>(c));
      if (progress != nullptr && i % kProgressEvery == 0) progress->update(i);
    }
    if (progress != nullptr) progress->finish();
  }

 private:
  // Writes case `index` into `c`. Its zenflow value is rebuilt unless `built`, the index of the
  // zenflow value `c` already holds (as this function returns it), names the same one.
  std::uint64_t decode(std::uint64_t index, Case& c, std::uint64_t built) const;

  std::vector<GridBlock> blocks_;
  std::vector<std::uint64_t> starts_;  // index of each block's first case
  std::uint64_t size_ = 0;
};

}  // namespace zfcheck
