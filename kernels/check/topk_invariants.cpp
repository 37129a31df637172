// The top-k invariants, each judged from the problem's exact geometry, the oracle's scores and the run's
// outcome.
#include "kernels/check/topk_invariants.hpp"

#include "kernels/oracle/columns.hpp"
#include "kernels/oracle/topk_oracle.hpp"
#include "reference/py_arith.hpp"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <optional>

namespace zfcheck {

namespace {

// ---- exact geometry, independent of upstream's float formulas ----

// Columns of R rows wholly inside elements [begin, end) of a parameter.
std::int64_t whole_columns(std::int64_t begin, std::int64_t end, std::int64_t rows) {
  std::int64_t first = begin / rows + (begin % rows != 0 ? 1 : 0);
  return std::max<std::int64_t>(0, end / rows - first);
}

// Each rank's part [begin, end) of one parameter (empty parts left out), in rank order.
struct Part {
  std::int64_t begin = 0;
  std::int64_t end = 0;
};

// The parameter's place (its flat and bucket positions); problems judged here have been answered, so
// their bucket order is valid.
ParamPlace place_of(const SelectionProblem& problem, std::size_t param) {
  auto places = param_places(problem.layout);
  return places ? (*places)[param] : ParamPlace{};
}

std::vector<Part> param_parts(const SelectionProblem& problem, std::size_t param) {
  const ColumnsProblem& layout = problem.layout;
  std::vector<Part> parts;
  std::int64_t param_begin = place_of(problem, param).flat_begin;
  std::int64_t numel = layout.params[param].rows * layout.params[param].cols;
  if (layout.stage == 3) {
    std::int64_t per_rank = stage3_partition_numel(numel, layout.world_size);
    for (std::int64_t start = 0; start < numel; start += per_rank)
      parts.push_back({start, std::min(start + per_rank, numel)});
    return parts;
  }
  auto bounds = partition_bounds(layout, static_cast<std::int64_t>(problem.bucket.size()));
  if (!bounds) return parts;  // no answer exists for such a problem
  for (std::size_t r = 0; r + 1 < bounds->size(); ++r) {
    std::int64_t begin = std::max((*bounds)[r], param_begin) - param_begin;
    std::int64_t end = std::min((*bounds)[r + 1], param_begin + numel) - param_begin;
    if (begin < end) parts.push_back({begin, end});
  }
  return parts;
}

std::int64_t param_whole_columns(const SelectionProblem& problem, std::size_t param) {
  std::int64_t total = 0;
  for (Part part : param_parts(problem, param))
    total += whole_columns(part.begin, part.end, problem.layout.params[param].rows);
  return total;
}

// Never ranked by upstream: a 1-D parameter, or stage 3 with R == 1.
bool skipped(const SelectionProblem& problem, std::size_t param) {
  return never_ranked(problem.layout, problem.layout.params[param]);
}

// ---- scores as ordering keys, exact or within summation-order tolerance ----

// torch.topk's order as doubles: NaN above +Inf above every finite score.
double order_key(float score) {
  if (std::isnan(score)) return INFINITY;
  if (std::isinf(score)) return score > 0 ? DBL_MAX : -DBL_MAX;
  return score;
}

struct ScoreRange {
  double low = 0;
  double high = 0;
};

// float32 nearest-ish to `value` rounded down (or up), saturating to +-Inf past float's range.
float float_toward(double value, bool up) {
  if (value >= static_cast<double>(FLT_MAX)) return up ? INFINITY : FLT_MAX;
  auto f = static_cast<float>(value);
  if (up && static_cast<double>(f) < value) f = std::nextafter(f, INFINITY);
  if (!up && static_cast<double>(f) > value) f = std::nextafter(f, -INFINITY);
  return f;
}

// Column `column` of a parameter whose columns are read from bucket element `begin`: its R values.
std::span<const float> column_at(const SelectionProblem& problem, std::size_t param, std::int64_t begin,
                                 std::int64_t column) {
  std::int64_t rows = problem.layout.params[param].rows;
  return std::span<const float>(problem.bucket)
      .subspan(static_cast<std::size_t>(begin + column * rows), static_cast<std::size_t>(rows));
}

// Where column `column` of a parameter may score, as upstream's selection scores it (from the place it
// reads the parameter's columns from). Exact: the oracle's score. Otherwise any float32 summation order:
// the true sum S of |x| lies within S * (1 +- gamma), gamma = (n - 1) u / (1 - (n - 1) u) (u = 2^-24; a
// little wider for the double sum here), and rounding to the dtype is monotone.
ScoreRange score_range(const SelectionProblem& problem, std::size_t param, std::int64_t column, bool exact) {
  const ParamShape& shape = problem.layout.params[param];
  auto values = column_at(problem, param, place_of(problem, param).read_begin, column);
  if (exact) {
    double key = order_key(column_scores(values, shape.rows, 1, problem.dtype)[0]);
    return {key, key};
  }
  double sum = 0;
  bool nan = false;
  for (float v : values) {
    nan = nan || std::isnan(v);
    sum += std::fabs(static_cast<double>(v));
  }
  if (nan) return {INFINITY, INFINITY};
  if (std::isinf(sum)) return {DBL_MAX, DBL_MAX};
  double terms = static_cast<double>(shape.rows);
  double unit = 0x1p-24 * (terms + 1);
  double gamma = unit < 0.5 ? unit / (1 - unit) : INFINITY;
  float low = float_toward(std::max(0.0, sum - sum * gamma), false);
  float high = float_toward(std::isinf(gamma) ? INFINITY : sum + sum * gamma, true);
  return {order_key(round_to_dtype(low, problem.dtype)), order_key(round_to_dtype(high, problem.dtype))};
}

// `chosen` (absolute columns) is a top-|chosen| set among `candidates`: no candidate left out scores
// surely higher than one chosen.
bool is_top_set(const SelectionProblem& problem, std::size_t param,
                const std::vector<std::int64_t>& candidates, const std::vector<std::int64_t>& chosen,
                bool exact) {
  double lowest_chosen = INFINITY;
  for (std::int64_t c : chosen)
    lowest_chosen = std::min(lowest_chosen, score_range(problem, param, c, exact).high);
  for (std::int64_t c : candidates) {
    if (std::binary_search(chosen.begin(), chosen.end(), c)) continue;
    if (score_range(problem, param, c, exact).low > lowest_chosen) return false;
  }
  return true;
}

bool strictly_ascending_within(const std::vector<std::int64_t>& indices, std::int64_t begin,
                               std::int64_t end) {
  for (std::size_t i = 0; i < indices.size(); ++i) {
    if (indices[i] < begin || indices[i] >= end) return false;
    if (i > 0 && indices[i] <= indices[i - 1]) return false;
  }
  return true;
}

std::vector<std::int64_t> column_range(std::int64_t begin, std::int64_t end) {
  std::vector<std::int64_t> out;
  for (std::int64_t c = begin; c < end; ++c) out.push_back(c);
  return out;
}

// ---- the invariants ----

bool count_matches_ratio(const TopkSubject& s) {
  const auto& layout = s.problem.layout;
  for (std::size_t p = 0; p < s.answer.params.size(); ++p) {
    if (skipped(s.problem, p)) continue;
    const ParamAnswer& param = s.answer.params[p];
    if (!param) return false;  // upstream raised: no count at all (a negative or out-of-range k, T = 0, ...)
    std::int64_t rows = layout.params[p].rows;
    if (layout.stage == 3) {
      auto k = py::int_of_product(layout.topk_ratio, param_whole_columns(s.problem, p));
      if (!k || static_cast<std::int64_t>(param->selected.size()) != std::max<std::int64_t>(1, *k))
        return false;
      continue;
    }
    auto parts = param_parts(s.problem, p);
    if (parts.size() != param->chunks.size()) return false;
    for (std::size_t i = 0; i < parts.size(); ++i) {
      auto k = py::int_of_product(layout.topk_ratio, whole_columns(parts[i].begin, parts[i].end, rows));
      if (!k || *k < 0 || static_cast<std::int64_t>(param->chunks[i].indices.size()) != *k) return false;
    }
  }
  return true;
}

bool selects_something(const TopkSubject& s) {
  if (!(s.problem.layout.topk_ratio > 0)) return true;
  for (std::size_t p = 0; p < s.answer.params.size(); ++p) {
    if (skipped(s.problem, p)) continue;
    const ParamAnswer& param = s.answer.params[p];
    std::int64_t rows = s.problem.layout.params[p].rows;
    if (s.problem.layout.stage == 3) {
      if (!param || param->selected.empty()) return false;  // the parameter holds C >= 1 whole columns
      continue;
    }
    auto parts = param_parts(s.problem, p);
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (whole_columns(parts[i].begin, parts[i].end, rows) == 0) continue;
      if (!param || i >= param->chunks.size() || param->chunks[i].indices.empty()) return false;
    }
  }
  return true;
}

bool every_column_selectable(const TopkSubject& s) {
  for (std::size_t p = 0; p < s.problem.layout.params.size(); ++p) {
    if (skipped(s.problem, p)) continue;
    if (param_whole_columns(s.problem, p) != s.problem.layout.params[p].cols) return false;
  }
  return true;
}

bool same_score(float a, float b) { return (std::isnan(a) && std::isnan(b)) || a == b; }

// Every ranked column's score, as the selection computes it from where it reads the parameter, is the
// score of the column's own gradient (same dtype, same summation order).
bool scores_own_columns(const TopkSubject& s) {
  for (std::size_t p = 0; p < s.answer.params.size(); ++p) {
    const ParamAnswer& param = s.answer.params[p];
    if (skipped(s.problem, p) || !param) continue;
    ParamPlace place = place_of(s.problem, p);
    if (place.read_begin == place.bucket_begin) continue;
    std::int64_t rows = s.problem.layout.params[p].rows;
    for (const ChunkSelection& chunk : param->chunks) {
      for (std::int64_t column = chunk.chunk.start_column; column < chunk.chunk.end_column; ++column) {
        float read =
            column_scores(column_at(s.problem, p, place.read_begin, column), rows, 1, s.problem.dtype)[0];
        float own =
            column_scores(column_at(s.problem, p, place.bucket_begin, column), rows, 1, s.problem.dtype)[0];
        if (!same_score(read, own)) return false;
      }
    }
  }
  return true;
}

bool stage12_valid(const TopkSubject& s, std::size_t p, const ParamSelection& param, bool exact) {
  std::vector<std::int64_t> concatenated;
  for (const ChunkSelection& c : param.chunks) {
    if (!strictly_ascending_within(c.indices, c.chunk.start_column, c.chunk.end_column)) return false;
    if (static_cast<std::int64_t>(c.indices.size()) != c.chunk.num_select) return false;
    if (!is_top_set(s.problem, p, column_range(c.chunk.start_column, c.chunk.end_column), c.indices, exact)) {
      return false;
    }
    concatenated.insert(concatenated.end(), c.indices.begin(), c.indices.end());
  }
  return concatenated == param.selected;
}

bool stage3_valid(const TopkSubject& s, std::size_t p, const ParamSelection& param, bool exact) {
  if (!strictly_ascending_within(param.selected, 0, s.problem.layout.params[p].cols)) return false;
  std::vector<std::int64_t> candidates;
  std::vector<std::int64_t> from_ranks;
  std::int64_t rows = s.problem.layout.params[p].rows;
  auto parts = param_parts(s.problem, p);
  for (std::size_t r = 0; r < param.ranks.size(); ++r) {
    const RankSelection& rank = param.ranks[r];
    if (r >= parts.size()) return false;
    std::int64_t first = parts[r].begin / rows + (parts[r].begin % rows != 0 ? 1 : 0);
    std::int64_t count = whole_columns(parts[r].begin, parts[r].end, rows);
    if (rank.start_column != first) return false;
    auto columns = column_range(first, first + count);
    candidates.insert(candidates.end(), columns.begin(), columns.end());
    for (std::size_t i = 0; i < rank.local_indices.size(); ++i) {
      std::int64_t local = rank.local_indices[i];
      if (local < 0 || local >= count) return false;
      from_ranks.push_back(first + local);
      // upstream's order: descending score
      if (i > 0 && score_range(s.problem, p, first + local, exact).low >
                       score_range(s.problem, p, first + rank.local_indices[i - 1], exact).high) {
        return false;
      }
    }
  }
  std::sort(from_ranks.begin(), from_ranks.end());
  return from_ranks == param.selected && is_top_set(s.problem, p, candidates, param.selected, exact);
}

bool param_valid(const TopkSubject& s, std::size_t p, const ParamSelection& param) {
  bool exact = s.oracle == nullptr && s.observed == nullptr;
  if (skipped(s.problem, p)) return param.selected.empty();
  return s.problem.layout.stage == 3 ? stage3_valid(s, p, param, exact) : stage12_valid(s, p, param, exact);
}

bool valid_selection(const TopkSubject& s) {
  for (std::size_t p = 0; p < s.answer.params.size(); ++p) {
    if (s.answer.params[p] && !param_valid(s, p, *s.answer.params[p])) return false;
  }
  return true;
}

bool same_geometry(const ParamSelection& a, const ParamSelection& b) {
  if (a.chunks.size() != b.chunks.size() || a.ranks.size() != b.ranks.size()) return false;
  for (std::size_t i = 0; i < a.chunks.size(); ++i) {
    const Stage12Chunk& x = a.chunks[i].chunk;
    const Stage12Chunk& y = b.chunks[i].chunk;
    if (x.rank != y.rank || x.offset != y.offset || x.numel != y.numel || x.start_column != y.start_column ||
        x.end_column != y.end_column || x.num_select != y.num_select) {
      return false;
    }
  }
  for (std::size_t i = 0; i < a.ranks.size(); ++i) {
    if (a.ranks[i].rank != b.ranks[i].rank || a.ranks[i].start_column != b.ranks[i].start_column)
      return false;
  }
  return a.selected.size() == b.selected.size();
}

bool kernel_matches_oracle(const TopkSubject& s) {
  if (s.oracle == nullptr) return true;
  if (s.oracle->params.size() != s.answer.params.size()) return false;
  for (std::size_t p = 0; p < s.answer.params.size(); ++p) {
    const ParamAnswer& kernel = s.answer.params[p];
    const ParamAnswer& oracle = s.oracle->params[p];
    if (kernel.has_value() != oracle.has_value()) return false;
    if (!kernel) {
      if (kernel.error().type != oracle.error().type) return false;
      continue;
    }
    // Same geometry and counts; within tolerance a valid top-k set, which is the oracle's set wherever
    // the scores at the cut are apart by more than summation-order error.
    if (!same_geometry(*kernel, *oracle) || !param_valid(s, p, *kernel)) return false;
  }
  return true;
}

// No rank waits forever: where one rank raises, so does every other.
bool no_rank_blocks(const TopkSubject& s) {
  if (s.observed) return !s.observed->some_rank_blocked;
  return !s.answer.run || !some_rank_blocked(*s.answer.run);
}

// Every index tensor the selection leaves has an integer dtype.
bool indices_are_integers(const TopkSubject& s) {
  if (s.observed)
    return std::all_of(s.observed->index_dtypes.begin(), s.observed->index_dtypes.end(), integer_dtype);
  for (const ParamAnswer& param : s.answer.params) {
    if (!param || param->skipped) continue;
    for (const RankSelection& rank : param->ranks) {
      if (!integer_dtype(index_dtype(s.answer.stage, rank.local_indices.empty()))) return false;
    }
    if (s.answer.stage != 3 && !integer_dtype(index_dtype(s.answer.stage, param->selected.empty())))
      return false;
  }
  return true;
}

constexpr TopkInvariant kInvariants[] = {
    {"topk-count-matches-ratio",
     "each partition selects exactly floor(topk_ratio x columns wholly inside it) columns, never a negative "
     "count",
     "the documented k, and no torch.topk error on a negative k", count_matches_ratio},
    {"topk-selects-something", "topk_ratio > 0 and a partition holding >= 1 whole column selects >= 1 column",
     "a small parameter silently gets no important columns", selects_something},
    {"every-column-selectable", "every column of a parameter lies wholly inside one partition's column range",
     "a column split across two partitions can never be selected", every_column_selectable},
    {"topk-scores-own-columns",
     "every score the selection ranks is the L1 norm of that column's own gradient",
     "a column scored from another parameter's values (the weights after a 1-D parameter, "
     "docs/zenflow.md#d39) is kept or dropped for the wrong reason, silently",
     scores_own_columns},
    {"topk-no-rank-blocks", "no rank waits forever in a collective: where one rank raises, every rank does",
     "a rank that raises abandons the bucket while the others wait in its next broadcast or all_gather: the "
     "run hangs instead of failing",
     no_rank_blocks},
    {"topk-indices-are-integers",
     "every index tensor the selection leaves has an integer dtype, empty ones included",
     "a float index tensor (stage 3's empty torch.tensor([])) cannot index a gradient", indices_are_integers},
    {"topk-is-valid-selection",
     "selected indices are unique, sorted ascending, inside the partition's range, and no unselected column "
     "scores higher than a selected one (NaN ranks highest, as in torch.topk)",
     "the definition of top-k, independent of tie order", valid_selection},
    {"topk-kernel-matches-oracle",
     "the GPU (or CPU build of the kernel algorithm) selection equals the CPU oracle's as a set, where "
     "scores "
     "are distinct beyond summation-order tolerance, and is a valid selection otherwise",
     "the differential oracle", kernel_matches_oracle},
};

}  // namespace

std::span<const TopkInvariant> topk_invariants() { return kInvariants; }

std::vector<std::string> topk_violations(const TopkSubject& subject) {
  std::vector<std::string> names;
  for (const TopkInvariant& invariant : kInvariants) {
    if (!invariant.holds(subject)) names.emplace_back(invariant.name);
  }
  return names;
}

}  // namespace zfcheck
