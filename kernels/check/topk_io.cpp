// Problem lines to SelectionProblem with every rejection named, and answers back to JSON.
#include "kernels/check/topk_io.hpp"

#include "kernels/oracle/checked_int.hpp"
#include "kernels/oracle/columns.hpp"
#include "kernels/oracle/run_outcome.hpp"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace zfcheck {

namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

struct TooManyValues {};

// Values past float's largest finite value by half an ulp or more round to Inf (as torch.tensor does).
constexpr double kFloatOverflowFrom = 0x1.ffffffp127;
constexpr int kMaxDepth = 8;
// nlohmann::json's error id for a number literal beyond a double's range.
constexpr int kNumberOverflow = 406;

tl::unexpected<TopkLineError> reject(const std::optional<std::string>& id, std::optional<std::string> field,
                                     std::string message) {
  return tl::unexpected(TopkLineError{id, Error{"CaseError", std::move(field), std::move(message)}});
}

// A JSON integer (not a bool, not a float) that fits in int64.
std::optional<std::int64_t> as_int(const json& v) {
  if (v.is_number_unsigned()) {
    auto u = v.get<std::uint64_t>();
    if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return std::nullopt;
    return static_cast<std::int64_t>(u);
  }
  if (v.is_number_integer()) return v.get<std::int64_t>();
  return std::nullopt;
}

// A number, or one of the strings the format spells a non-finite value with ("NaN", "Infinity", "-Infinity").
std::optional<double> as_double(const json& v) {
  if (v.is_number()) return v.get<double>();
  if (v.is_string()) {
    const auto& s = v.get_ref<const std::string&>();
    if (s == "NaN") return NAN;
    if (s == "Infinity") return INFINITY;
    if (s == "-Infinity") return -INFINITY;
  }
  return std::nullopt;
}

std::optional<float> as_float(const json& v) {
  auto d = as_double(v);
  if (!d) return std::nullopt;
  if (std::fabs(*d) >= kFloatOverflowFrom) return std::copysign(INFINITY, *d);
  return static_cast<float>(*d);
}

// The line with each number literal beyond a double's range (1e999) written "Infinity" or "-Infinity", the
// format's spelling of what Python's json reads it as; strings are left as they are.
std::string overflow_as_infinity(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  bool in_string = false;
  bool escaped = false;
  for (std::size_t i = 0; i < line.size();) {
    char c = line[i];
    if (in_string) {
      out += c;
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
      ++i;
      continue;
    }
    if (c != '-' && (c < '0' || c > '9')) {
      in_string = c == '"';
      out += c;
      ++i;
      continue;
    }
    std::size_t end = i + 1;
    while (end < line.size() && std::string_view("0123456789.eE+-").find(line[end]) != std::string_view::npos)
      ++end;
    std::string token(line.substr(i, end - i));
    double value = std::strtod(token.c_str(), nullptr);
    out += std::isinf(value) ? (value > 0 ? "\"Infinity\"" : "\"-Infinity\"") : token;
    i = end;
  }
  return out;
}

json parse_bounded(std::string_view line, std::int64_t max_values) {
  std::int64_t values = 0;
  json::parser_callback_t bound = [&values, max_values](int depth, json::parse_event_t event, json&) {
    if (depth > kMaxDepth) throw TooManyValues{};
    if (event == json::parse_event_t::value && ++values > max_values) throw TooManyValues{};
    return true;
  };
  return json::parse(line, bound);
}

tl::expected<ParamShape, std::string> parse_shape(const json& shape) {
  if (!shape.is_array() || shape.empty() || shape.size() > 2)
    return tl::unexpected(std::string("shape must be [R, C] or, for a 1-D parameter, [N]"));
  std::vector<std::int64_t> dims;
  for (const json& dim : shape) {
    auto value = as_int(dim);
    if (!value || *value < 1) return tl::unexpected(std::string("shape entries must be integers >= 1"));
    dims.push_back(*value);
  }
  if (dims.size() == 1) return ParamShape{1, dims[0], true};  // upstream's (1, shape[0])
  return ParamShape{dims[0], dims[1]};
}

std::string shape_text(ParamShape shape) {
  return shape.one_d ? "[" + std::to_string(shape.cols) + "] needs N"
                     : "[" + std::to_string(shape.rows) + ", " + std::to_string(shape.cols) + "] needs R * C";
}

// One parameter's gradient, checked against its shape and rounded to the dtype.
tl::expected<std::vector<float>, std::string> parse_grad(const json& grad, ParamShape shape,
                                                         GradDtype dtype) {
  auto numel = checked_mul(shape.rows, shape.cols);
  if (!grad.is_array()) return tl::unexpected(std::string("grad must be an array of numbers"));
  if (!numel || static_cast<std::int64_t>(grad.size()) != *numel)
    return tl::unexpected("grad holds " + std::to_string(grad.size()) + " values, shape " +
                          shape_text(shape));
  std::vector<float> values;
  for (const json& v : grad) {
    auto value = as_float(v);
    if (!value)
      return tl::unexpected(
          std::string("grad values must be numbers or \"NaN\", \"Infinity\", \"-Infinity\""));
    values.push_back(round_to_dtype(*value, dtype));
  }
  return values;
}

// A list of integers for `key`, or why not.
tl::expected<std::vector<std::int64_t>, std::string> int_list(const json& value, const char* what) {
  if (!value.is_array()) return tl::unexpected(std::string(what) + " must be an array of integers");
  std::vector<std::int64_t> out;
  for (const json& item : value) {
    auto number = as_int(item);
    if (!number) return tl::unexpected(std::string(what) + " entries must be integers");
    out.push_back(*number);
  }
  return out;
}

tl::expected<TopkLine, TopkLineError> problem_from_json(const json& doc) {
  if (!doc.is_object()) return reject(std::nullopt, std::nullopt, "a problem must be a JSON object");
  TopkLine out;
  if (auto it = doc.find("id"); it != doc.end()) {
    if (!it->is_string()) return reject(std::nullopt, "id", "id must be a string");
    out.id = it->get<std::string>();
  }
  const auto& id = out.id;
  ColumnsProblem& layout = out.problem.layout;
  auto stage = doc.find("stage");
  if (stage == doc.end()) return reject(id, "stage", "stage is required");
  auto stage_value = as_int(*stage);
  if (!stage_value || *stage_value < 1 || *stage_value > 3)
    return reject(id, "stage", "stage must be 1, 2 or 3");
  layout.stage = static_cast<int>(*stage_value);
  auto ratio = doc.find("topk_ratio");
  auto ratio_value = ratio == doc.end() ? std::nullopt : as_double(*ratio);
  if (!ratio_value)
    return reject(id, "topk_ratio", "topk_ratio must be a number or \"NaN\", \"Infinity\", \"-Infinity\"");
  layout.topk_ratio = *ratio_value;
  auto world = doc.find("world_size");
  auto world_value = world == doc.end() ? std::nullopt : as_int(*world);
  if (!world_value || *world_value < 1 || *world_value > kMaxWorldSize) {
    return reject(id, "world_size",
                  "world_size must be an integer from 1 to " + std::to_string(kMaxWorldSize));
  }
  layout.world_size = *world_value;
  auto dtype = doc.find("dtype");
  auto dtype_value = dtype != doc.end() && dtype->is_string()
                         ? grad_dtype_from_name(dtype->get<std::string>())
                         : std::nullopt;
  if (!dtype_value) return reject(id, "dtype", "dtype must be \"float32\", \"bfloat16\" or \"float16\"");
  out.problem.dtype = *dtype_value;
  auto params = doc.find("params");
  if (params == doc.end() || !params->is_array()) return reject(id, "params", "params must be an array");
  std::vector<std::vector<float>> grads;
  for (const json& param : *params) {
    if (!param.is_object() || !param.contains("shape") || !param.contains("grad")) {
      return reject(id, "params", "each param must be an object with shape and grad");
    }
    auto shape = parse_shape(param["shape"]);
    if (!shape) return reject(id, "params.shape", shape.error());
    auto grad = parse_grad(param["grad"], *shape, out.problem.dtype);
    if (!grad) return reject(id, "params.grad", grad.error());
    layout.params.push_back(*shape);
    grads.push_back(std::move(*grad));
  }
  if (auto partition = doc.find("partition"); partition != doc.end() && !partition->is_null()) {
    auto counts = int_list(*partition, "partition");
    if (!counts) return reject(id, "partition", counts.error());
    if (static_cast<std::int64_t>(counts->size()) != layout.world_size)
      return reject(id, "partition", "partition must be an array of world_size element counts");
    for (std::int64_t count : *counts)
      if (count < 0) return reject(id, "partition", "partition entries must be integers >= 0");
    layout.partition = std::move(*counts);
  }
  if (auto order = doc.find("bucket_order"); order != doc.end() && !order->is_null()) {
    auto indices = int_list(*order, "bucket_order");
    if (!indices) return reject(id, "bucket_order", indices.error());
    layout.bucket_order = std::move(*indices);
  }
  // The grads' line sizes are bounded by max_values, so the places cannot overflow.
  auto places = param_places(layout);
  if (!places) return tl::unexpected(TopkLineError{id, places.error()});
  std::size_t values = 0;
  for (const auto& grad : grads) values += grad.size();
  out.problem.bucket.resize(values);
  for (std::size_t p = 0; p < grads.size(); ++p)
    std::copy(grads[p].begin(), grads[p].end(),
              out.problem.bucket.begin() + static_cast<std::ptrdiff_t>((*places)[p].bucket_begin));
  return out;
}

ojson indices_json(const std::vector<std::int64_t>& indices) { return ojson(indices); }

// `dtypes`: with the dtype of upstream's index tensors (an answer that models upstream's run).
ojson stage12_json(const ParamSelection& selection, bool dtypes) {
  ojson chunks = ojson::array();
  for (const ChunkSelection& c : selection.chunks) {
    chunks.push_back(ojson{{"rank", c.chunk.rank},
                           {"offset", c.chunk.offset},
                           {"numel", c.chunk.numel},
                           {"start_column", c.chunk.start_column},
                           {"end_column", c.chunk.end_column},
                           {"num_select", c.chunk.num_select},
                           {"indices", indices_json(c.indices)}});
  }
  ojson out{{"chunks", std::move(chunks)}, {"selected", indices_json(selection.selected)}};
  if (selection.skipped)
    out["skipped"] = true;
  else if (dtypes)
    out["dtype"] = index_dtype(1, false);
  return out;
}

ojson stage3_json(const ParamSelection& selection, bool dtypes) {
  ojson ranks = ojson::array();
  for (const RankSelection& r : selection.ranks) {
    ranks.push_back(ojson{{"rank", r.rank},
                          {"start_column", r.start_column},
                          {"local_indices", indices_json(r.local_indices)}});
    if (dtypes) ranks.back()["dtype"] = index_dtype(3, r.local_indices.empty());
  }
  ojson out{{"selected", indices_json(selection.selected)}, {"ranks", std::move(ranks)}};
  if (selection.skipped) out["skipped"] = true;
  return out;
}

// Every rank's outcome, rank order (docs/topk-format.md, upstream's run).
ojson outcome_json(int stage, const RunAnswer& run) {
  std::vector<std::int64_t> raising;
  for (std::int64_t rank = 0; rank < run.world_size; ++rank) {
    if (rank_outcome(run.failures, rank).end == RankEnd::raised) raising.push_back(rank);
  }
  ojson out = ojson::array();
  for (std::int64_t rank = 0; rank < run.world_size; ++rank) {
    RankOutcome outcome = rank_outcome(run.failures, rank);
    ojson line{{"rank", rank}};
    if (outcome.end == RankEnd::ok) {
      line["ok"] = true;
    } else if (outcome.end == RankEnd::raised) {
      ojson raised{{"type", outcome.failure->error.type}, {"message", outcome.failure->error.message}};
      if (outcome.failure->param) raised["param"] = *outcome.failure->param;
      line["raised"] = std::move(raised);
    } else {
      line["blocked"] = ojson{{"collective", first_collective(stage)}, {"call", 0}, {"waiting_on", raising}};
    }
    out.push_back(std::move(line));
  }
  return out;
}

ojson value_json(float value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  return static_cast<double>(value);
}

}  // namespace

tl::expected<TopkLine, TopkLineError> parse_topk_problem(std::string_view line, std::int64_t max_values) {
  json doc;
  try {
    try {
      doc = parse_bounded(line, max_values);
    } catch (const json::out_of_range& e) {
      if (e.id != kNumberOverflow) throw;
      doc = parse_bounded(overflow_as_infinity(line), max_values);
    }
  } catch (const TooManyValues&) {
    return reject(std::nullopt, std::nullopt,
                  "the line holds more than " + std::to_string(max_values) +
                      " JSON values or nests deeper than " + std::to_string(kMaxDepth));
  } catch (const json::exception& e) {
    return reject(std::nullopt, std::nullopt, std::string("not JSON: ") + e.what());
  }
  return problem_from_json(doc);
}

ojson topk_problem_to_json(const std::optional<std::string>& id, const SelectionProblem& problem) {
  const ColumnsProblem& layout = problem.layout;
  ojson out = ojson::object();
  if (id) out["id"] = *id;
  out["stage"] = layout.stage;
  out["topk_ratio"] = std::isfinite(layout.topk_ratio) ? ojson(layout.topk_ratio)
                                                       : value_json(static_cast<float>(layout.topk_ratio));
  out["world_size"] = layout.world_size;
  out["dtype"] = std::string(grad_dtype_name(problem.dtype));
  // Each gradient from its place in the bucket (in parameter order if the bucket order is not valid).
  ColumnsProblem flat = layout;
  flat.bucket_order.reset();
  auto places = param_places(layout);
  if (!places) places = param_places(flat);
  ojson params = ojson::array();
  for (std::size_t p = 0; p < layout.params.size(); ++p) {
    const ParamShape& shape = layout.params[p];
    ojson grad = ojson::array();
    for (std::int64_t i = 0; i < shape.rows * shape.cols; ++i) {
      auto at = static_cast<std::size_t>((*places)[p].bucket_begin + i);
      if (at < problem.bucket.size()) grad.push_back(value_json(problem.bucket[at]));
    }
    ojson dims = shape.one_d ? ojson::array({shape.cols}) : ojson::array({shape.rows, shape.cols});
    params.push_back(ojson{{"shape", std::move(dims)}, {"grad", std::move(grad)}});
  }
  out["params"] = std::move(params);
  if (layout.partition) out["partition"] = *layout.partition;
  if (layout.bucket_order) out["bucket_order"] = *layout.bucket_order;
  return out;
}

ojson error_to_json(const Error& error) {
  ojson out{{"type", error.type}};
  if (error.field) out["field"] = *error.field;
  out["message"] = error.message;
  return out;
}

ojson topk_answer_to_json(const std::optional<std::string>& id, const SelectionAnswer& answer) {
  ojson out = ojson::object();
  if (id) out["id"] = *id;
  ojson params = ojson::array();
  for (const ParamAnswer& param : answer.params) {
    if (!param) {
      params.push_back(ojson{{"error", error_to_json(param.error())}});
    } else {
      bool dtypes = answer.run.has_value();
      params.push_back(answer.stage == 3 ? stage3_json(*param, dtypes) : stage12_json(*param, dtypes));
    }
  }
  out["params"] = std::move(params);
  if (answer.run) out["outcome"] = outcome_json(answer.stage, *answer.run);
  return out;
}

ojson topk_line_error_to_json(const TopkLineError& error) {
  ojson out = ojson::object();
  if (error.id) out["id"] = *error.id;
  out["error"] = error_to_json(error.error);
  return out;
}

const nlohmann::ordered_json& json_array_at(const nlohmann::ordered_json& object, const char* key) {
  static const nlohmann::ordered_json empty = nlohmann::ordered_json::array();
  auto it = object.find(key);
  return it != object.end() && it->is_array() ? *it : empty;
}

}  // namespace zfcheck
