// Column geometry of ZenFlow's top-k selection: upstream's stage-1/2 chunk formulas and stage-3 slices.
#include "kernels/oracle/columns.hpp"

#include "kernels/oracle/checked_int.hpp"
#include "reference/py_arith.hpp"

#include <algorithm>
#include <cmath>
#include <string>

namespace zfcheck {

namespace {

Error case_error(std::string message, std::optional<std::string> field = std::nullopt) {
  return Error{"CaseError", std::move(field), std::move(message)};
}

Error runtime_error(std::string message) { return Error{"RuntimeError", std::nullopt, std::move(message)}; }

Error topk_out_of_range() { return runtime_error("selected index k out of range"); }

Error negative_narrow(std::int64_t length) {
  return runtime_error("narrow(): length must be non-negative (got " + std::to_string(length) + ")");
}

tl::expected<std::int64_t, Error> checked(std::optional<std::int64_t> value, const char* what) {
  if (!value) return tl::unexpected(case_error(std::string(what) + " exceeds the model's 64-bit range"));
  return *value;
}

// Element counts of the parameters, checked to be positive and to fit (with their total) in 64 bits.
tl::expected<std::vector<std::int64_t>, Error> param_sizes(const ColumnsProblem& problem) {
  std::vector<std::int64_t> sizes;
  std::int64_t total = 0;
  for (const ParamShape& shape : problem.params) {
    if (shape.rows < 1 || shape.cols < 1) return tl::unexpected(case_error("shape entries must be >= 1"));
    auto numel = checked(checked_mul(shape.rows, shape.cols), "R * C");
    if (!numel) return tl::unexpected(numel.error());
    auto sum = checked(checked_add(total, *numel), "the bucket size");
    if (!sum) return tl::unexpected(sum.error());
    total = *sum;
    sizes.push_back(*numel);
  }
  return sizes;
}

}  // namespace

tl::expected<std::vector<std::size_t>, Error> bucket_sequence(const ColumnsProblem& problem) {
  std::size_t count = problem.params.size();
  std::vector<std::size_t> order(count);
  for (std::size_t i = 0; i < count; ++i) order[i] = i;
  if (!problem.bucket_order) return order;
  auto not_permutation = [&] {
    return tl::unexpected(case_error(
        "bucket_order must list each parameter's index (0 to " + std::to_string(count) + " - 1) exactly once",
        "bucket_order"));
  };
  if (problem.bucket_order->size() != count) return not_permutation();
  std::vector<bool> seen(count, false);
  for (std::size_t i = 0; i < count; ++i) {
    std::int64_t p = (*problem.bucket_order)[i];
    if (p < 0 || p >= static_cast<std::int64_t>(count) || seen[static_cast<std::size_t>(p)])
      return not_permutation();
    seen[static_cast<std::size_t>(p)] = true;
    order[i] = static_cast<std::size_t>(p);
  }
  return order;
}

bool never_ranked(const ColumnsProblem& problem, const ParamShape& shape) {
  return shape.one_d || (problem.stage == 3 && shape.rows == 1);
}

tl::expected<std::vector<ParamPlace>, Error> param_places(const ColumnsProblem& problem) {
  auto order = bucket_sequence(problem);
  if (!order) return tl::unexpected(order.error());
  std::size_t count = problem.params.size();
  std::vector<ParamPlace> places(count);
  std::int64_t flat = 0;
  for (std::size_t p = 0; p < count; ++p) {
    places[p].flat_begin = flat;
    flat += problem.params[p].rows * problem.params[p].cols;
  }
  bool shifts = problem.stage != 3 && problem.one_d_params_shift_offsets;
  std::int64_t bucket = 0;
  std::int64_t one_d_before = 0;
  for (std::size_t p : *order) {
    const ParamShape& shape = problem.params[p];
    ParamPlace& place = places[p];
    place.bucket_begin = bucket;
    place.read_begin = bucket - (shifts ? one_d_before : 0);
    bucket += shape.rows * shape.cols;
    if (shape.one_d) one_d_before += shape.rows * shape.cols;
  }
  return places;
}

tl::expected<std::vector<std::int64_t>, Error> partition_bounds(const ColumnsProblem& problem,
                                                                std::int64_t total) {
  std::vector<std::int64_t> bounds{0};
  if (problem.partition) {
    if (static_cast<std::int64_t>(problem.partition->size()) != problem.world_size) {
      return tl::unexpected(case_error("partition must have world_size entries", "partition"));
    }
    for (std::int64_t count : *problem.partition) {
      if (count < 0) return tl::unexpected(case_error("partition entries must be >= 0", "partition"));
      auto next = checked_add(bounds.back(), count);
      if (!next)
        return tl::unexpected(
            case_error("the partition total exceeds the model's 64-bit range", "partition"));
      bounds.push_back(*next);
    }
    if (bounds.back() != total) {
      return tl::unexpected(case_error("partition must add up to the bucket size", "partition"));
    }
    return bounds;
  }
  if (problem.world_size < 1 || problem.world_size > kMaxWorldSize) {
    return tl::unexpected(
        case_error("world_size must be between 1 and " + std::to_string(kMaxWorldSize), "world_size"));
  }
  // ceil(total / alignment) * alignment / world_size, with alignment = 2 * world_size; no overflow:
  // total / world_size + 2 fits whenever total does.
  std::int64_t per_rank = 2 * stage3_partition_numel(total, 2 * problem.world_size);
  for (std::int64_t rank = 0; rank < problem.world_size; ++rank) {
    bounds.push_back(bounds.back() + std::min(per_rank, total - bounds.back()));
  }
  return bounds;
}

std::int64_t stage3_partition_numel(std::int64_t numel, std::int64_t world_size) {
  return numel / world_size + (numel % world_size != 0 ? 1 : 0);
}

namespace {

// average_tensor's index-buffer size: sum of int(C * topk_ratio) over the parameters with R != 1.
tl::expected<std::int64_t, Error> index_buffer_size(const ColumnsProblem& problem) {
  std::int64_t size = 0;
  for (const ParamShape& shape : problem.params) {
    if (shape.rows == 1) continue;
    auto part = py::int_of_product(problem.topk_ratio, shape.cols);
    if (!part) return tl::unexpected(part.error());
    auto sum = checked_add(size, *part);
    if (!sum) return tl::unexpected(runtime_error("Overflow when unpacking long (index buffer size)"));
    size = *sum;
  }
  if (size < 0) {
    return tl::unexpected(
        runtime_error("Trying to create tensor with negative dimension " + std::to_string(size)));
  }
  return size;
}

// One chunk's columns; `index_position` is where its indices go in the index buffer of `buffer_size`.
tl::expected<Stage12Chunk, Error> plan_chunk(Stage12Chunk chunk, std::int64_t rows, double topk_ratio) {
  if (chunk.offset != 0) {
    auto before = py::int_of_true_division(chunk.offset - 1, rows);
    if (!before) return tl::unexpected(before.error());
    auto start = checked(checked_add(*before, 1), "start_column");
    if (!start) return tl::unexpected(start.error());
    chunk.start_column = *start;
  }
  auto end = py::int_of_true_division(chunk.offset + chunk.numel, rows);
  if (!end) return tl::unexpected(end.error());
  chunk.end_column = *end;
  auto k = py::int_of_product(topk_ratio, chunk.columns());
  // Python's int() of a finite product never overflows (only torch's conversion of it does, later).
  chunk.num_select_beyond_int64 = !k && std::isfinite(topk_ratio * static_cast<double>(chunk.columns()));
  if (!k && !chunk.num_select_beyond_int64) return tl::unexpected(k.error());
  chunk.num_select = k.value_or(0);
  return chunk;
}

// torch's conversion of a Python int past int64 to its own integer argument.
Error beyond_int64_argument() { return runtime_error("Overflow when unpacking long"); }

// The index buffer's narrow(0, position, length), torch 2's checks in their order: a negative length is a
// RuntimeError; a start outside [-size, size] an IndexError (a position past the end, or before the start
// once negative counts moved it back); a negative start counts from the end; a slice that runs over the end
// is a RuntimeError.
std::optional<Error> index_narrow_failure(std::int64_t position, std::int64_t length,
                                          std::int64_t buffer_size) {
  if (length < 0) return negative_narrow(length);
  if (position < -buffer_size || position > buffer_size) {
    return Error{"IndexError", std::nullopt,
                 "start out of range (expected to be in range of [" + std::to_string(-buffer_size) + ", " +
                     std::to_string(buffer_size) + "], but got " + std::to_string(position) + ")"};
  }
  if (position < 0) position += buffer_size;
  if (position > buffer_size - length) {
    return runtime_error("start (" + std::to_string(position) + ") + length (" + std::to_string(length) +
                         ") exceeds dimension size (" + std::to_string(buffer_size) + ")");
  }
  return std::nullopt;
}

// What the owning rank does with a chunk, in order: narrow the gradient (a negative length raises), topk
// (a k past int64, or out of [0, c], raises), copy into the index buffer. (A k past int64 needs a ratio past
// 2^63 / C; the index buffer is then usable only where every weight has R == 1, whose chunks all hold >= 1
// column, so no later chunk with an ordinary k copies at a position past int64.)
std::optional<Error> chunk_failure(const Stage12Chunk& chunk, std::int64_t index_position,
                                   std::int64_t buffer_size) {
  if (chunk.columns() < 0) return negative_narrow(chunk.columns());
  if (chunk.num_select_beyond_int64) return beyond_int64_argument();
  if (chunk.num_select < 0 || chunk.num_select > chunk.columns()) return topk_out_of_range();
  return index_narrow_failure(index_position, chunk.num_select, buffer_size);
}

tl::expected<ColumnPlan, Error> plan_stage12(const ColumnsProblem& problem,
                                             const std::vector<std::int64_t>& sizes, std::int64_t total,
                                             const std::vector<ParamPlace>& places) {
  auto bounds = partition_bounds(problem, total);
  if (!bounds) return tl::unexpected(bounds.error());
  auto buffer_size = index_buffer_size(problem);
  std::vector<ParamPlan> planned_params(problem.params.size(), tl::unexpected(Error{}));
  std::int64_t index_position = 0;
  // update_selected_channels walks the bucket: the index buffer fills in bucket order.
  const std::vector<std::size_t> sequence = bucket_sequence(problem).value();  // checked by param_places
  RunFailures run;
  std::optional<Stage12Chunk> first_chunk;  // the bucket's first chunk: the first broadcast's slice
  if (!buffer_size) {
    // Every rank alike: int() of a non-finite C * topk_ratio in average_tensor's loop over the bucket, at its
    // first parameter with R != 1; a negative size in update_selected_channels' torch.empty, before its loop.
    std::optional<std::size_t> at;
    if (buffer_size.error().type != "RuntimeError") {
      auto first = std::find_if(sequence.begin(), sequence.end(),
                                [&](std::size_t p) { return problem.params[p].rows != 1; });
      if (first != sequence.end()) at = *first;
    }
    run.rest = RankFailure{buffer_size.error(), at};
  }
  for (std::size_t p : sequence) {
    ParamColumns param{problem.params[p], places[p], never_ranked(problem, problem.params[p]), {}, {}};
    std::int64_t param_begin = places[p].flat_begin;
    std::int64_t param_end = param_begin + sizes[p];
    std::optional<Error> failure;
    if (!buffer_size) failure = buffer_size.error();
    // The first rank whose range reaches past param_begin; ranks with empty ranges hold nothing.
    auto first = std::upper_bound(bounds->begin(), bounds->end(), param_begin);
    for (auto it = first; !param.skipped && it != bounds->end() && *(it - 1) < param_end; ++it) {
      std::int64_t from = std::max(*(it - 1), param_begin);
      std::int64_t to = std::min(*it, param_end);
      if (from >= to) continue;
      Stage12Chunk chunk;
      chunk.rank = (it - bounds->begin()) - 1;
      chunk.offset = from - param_begin;
      chunk.numel = to - from;
      auto planned = plan_chunk(chunk, param.shape.rows, problem.topk_ratio);
      if (!planned) {
        // int() of a NaN/Inf product raises; it happens in the same loop, before anything else, on every
        // rank.
        if (!failure) failure = planned.error();
        if (!run.rest) run.rest = RankFailure{planned.error(), p};
        continue;
      }
      if (!first_chunk) first_chunk = *planned;
      // The owning rank's narrow, topk and copy.
      std::optional<Error> owner_failure =
          buffer_size ? chunk_failure(*planned, index_position, *buffer_size) : std::nullopt;
      if (!failure) failure = owner_failure;
      if (owner_failure && !run.rest) run.raise(planned->rank, RankFailure{*owner_failure, p});
      auto next_position = checked_add(index_position, planned->num_select);
      if (!next_position)
        return tl::unexpected(case_error("index buffer position exceeds the model's 64-bit range"));
      index_position = *next_position;
      param.chunks.push_back(*planned);
    }
    if (failure) {
      planned_params[p] = tl::unexpected(*failure);
    } else {
      planned_params[p] = std::move(param);
    }
  }
  // A rank that did not raise takes the index buffer's first slice, for the first broadcast (upstream never
  // merges the slices: its prev_id stays -1): where that narrow fails, it raises there, outside the loop
  // over parameters; else it waits in the broadcast for the ranks that raised.
  if (!run.own.empty() && !run.rest && buffer_size && first_chunk) {
    auto failure = first_chunk->num_select_beyond_int64
                       ? beyond_int64_argument()
                       : index_narrow_failure(0, first_chunk->num_select, *buffer_size);
    if (failure) run.rest = RankFailure{*failure, std::nullopt};
  }
  return ColumnPlan{problem.stage, total, std::move(planned_params),
                    RunAnswer{problem.world_size, std::move(run)}};
}

// One parameter of stage 3: its ranks' slices, or the exception upstream raises for it. A rank whose slice
// lies strictly inside one column raises on its own narrow, before the all_gather: recorded in `run`.
ParamPlan plan_stage3_param(const ColumnsProblem& problem, std::size_t index, std::int64_t numel,
                            const ParamPlace& place, RunFailures& run) {
  const ParamShape shape = problem.params[index];
  ParamColumns param{shape, place, never_ranked(problem, shape), {}, {}};
  if (param.skipped) return param;
  std::int64_t rows = shape.rows;
  Stage3Columns& geometry = param.stage3;
  geometry.partition_numel = stage3_partition_numel(numel, problem.world_size);
  bool some_rank_without_data = false;
  std::optional<Error> failure;
  for (std::int64_t rank = 0; rank < problem.world_size; ++rank) {
    // start = partition_numel * rank < N holds exactly while rank < ceil(N / partition_numel).
    if (rank > (numel - 1) / geometry.partition_numel) {
      some_rank_without_data = true;  // no entry in the offset table for this rank
      break;
    }
    Stage3Rank slice;
    slice.rank = rank;
    slice.start = geometry.partition_numel * rank;
    slice.end = slice.start + std::min(geometry.partition_numel, numel - slice.start);
    auto start_column = py::ceil_of_true_division(slice.start, rows);
    if (!start_column) return tl::unexpected(start_column.error());
    slice.start_column = *start_column;
    slice.end_column = slice.end / rows;
    slice.score_offset = geometry.total_columns;
    if (slice.columns() < 0) {
      if (!failure) failure = negative_narrow(slice.columns() * rows);
      run.raise(rank, RankFailure{negative_narrow(slice.columns() * rows), index});
    }
    geometry.total_columns += slice.columns();
    geometry.ranks.push_back(slice);
  }
  // Order on the ranks: every rank narrows its own slice first; then the gathered table is read per rank.
  if (failure) return tl::unexpected(*failure);
  if (some_rank_without_data)
    return tl::unexpected(Error{"IndexError", std::nullopt, "list index out of range"});
  auto k = py::int_of_product(problem.topk_ratio, geometry.total_columns);
  if (!k) return tl::unexpected(k.error());
  geometry.num_select = std::max<std::int64_t>(1, *k);
  if (geometry.num_select > geometry.total_columns) return tl::unexpected(topk_out_of_range());
  return param;
}

}  // namespace

tl::expected<ColumnPlan, Error> plan_columns(const ColumnsProblem& problem) {
  if (problem.stage < 1 || problem.stage > 3) return tl::unexpected(case_error("stage must be 1, 2 or 3"));
  if (problem.world_size < 1 || problem.world_size > kMaxWorldSize) {
    return tl::unexpected(case_error("world_size must be between 1 and " + std::to_string(kMaxWorldSize)));
  }
  auto sizes = param_sizes(problem);
  if (!sizes) return tl::unexpected(sizes.error());
  std::int64_t total = 0;
  for (std::int64_t size : *sizes) total += size;  // checked in param_sizes
  auto places = param_places(problem);
  if (!places) return tl::unexpected(places.error());
  if (problem.stage != 3) return plan_stage12(problem, *sizes, total, *places);
  ColumnPlan plan{3, total, {}, RunAnswer{problem.world_size, {}}};
  for (std::size_t p = 0; p < problem.params.size(); ++p)
    plan.params.push_back(plan_stage3_param(problem, p, (*sizes)[p], (*places)[p], plan.run.failures));
  // No rank raised before the all_gather: every rank meets the first parameter's error after it.
  if (plan.run.failures.own.empty()) {
    auto failed = std::find_if(plan.params.begin(), plan.params.end(), [](const ParamPlan& p) { return !p; });
    if (failed != plan.params.end())
      plan.run.failures.rest =
          RankFailure{failed->error(), static_cast<std::size_t>(failed - plan.params.begin())};
  }
  return plan;
}

tl::expected<ColumnPlan, Error> plan_selection(const SelectionProblem& problem) {
  auto plan = plan_columns(problem.layout);
  if (plan && static_cast<std::int64_t>(problem.bucket.size()) != plan->bucket_size) {
    return tl::unexpected(case_error("the gradients hold " + std::to_string(problem.bucket.size()) +
                                     " values, the shapes " + std::to_string(plan->bucket_size)));
  }
  return plan;
}

}  // namespace zfcheck
