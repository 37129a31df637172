// Problem lines to SelectionProblem with every rejection named, and answers back to JSON.
#include "kernels/check/topk_io.hpp"

#include "kernels/oracle/checked_int.hpp"
#include "kernels/oracle/columns.hpp"

#include <cmath>
#include <limits>

namespace zfcheck {

namespace {

using json = nlohmann::json;
using ojson = nlohmann::ordered_json;

struct TooManyValues {};

// Values past float's largest finite value by half an ulp or more round to Inf (as torch.tensor does).
constexpr double kFloatOverflowFrom = 0x1.ffffffp127;
constexpr int kMaxDepth = 8;

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

std::optional<float> as_float(const json& v) {
  if (v.is_number()) {
    double d = v.get<double>();
    if (std::fabs(d) >= kFloatOverflowFrom) return std::copysign(INFINITY, d);
    return static_cast<float>(d);
  }
  if (v.is_string()) {
    const auto& s = v.get_ref<const std::string&>();
    if (s == "NaN") return NAN;
    if (s == "Infinity") return INFINITY;
    if (s == "-Infinity") return -INFINITY;
  }
  return std::nullopt;
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
  if (!shape.is_array() || shape.size() != 2) return tl::unexpected(std::string("shape must be [R, C]"));
  auto rows = as_int(shape[0]);
  auto cols = as_int(shape[1]);
  if (!rows || !cols || *rows < 1 || *cols < 1)
    return tl::unexpected(std::string("shape entries must be integers >= 1"));
  return ParamShape{*rows, *cols};
}

// Appends one parameter's gradient, checked against its shape and rounded to the dtype.
std::optional<std::string> append_grad(const json& grad, ParamShape shape, GradDtype dtype,
                                       std::vector<float>& bucket) {
  auto numel = checked_mul(shape.rows, shape.cols);
  if (!grad.is_array()) return "grad must be an array of numbers";
  if (!numel || static_cast<std::int64_t>(grad.size()) != *numel) {
    return "grad holds " + std::to_string(grad.size()) + " values, shape [" + std::to_string(shape.rows) +
           ", " + std::to_string(shape.cols) + "] needs R * C";
  }
  for (const json& v : grad) {
    auto value = as_float(v);
    if (!value) return "grad values must be numbers or \"NaN\", \"Infinity\", \"-Infinity\"";
    bucket.push_back(round_to_dtype(*value, dtype));
  }
  return std::nullopt;
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
  if (ratio == doc.end() || !ratio->is_number())
    return reject(id, "topk_ratio", "topk_ratio must be a number");
  layout.topk_ratio = ratio->get<double>();
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
  for (const json& param : *params) {
    if (!param.is_object() || !param.contains("shape") || !param.contains("grad")) {
      return reject(id, "params", "each param must be an object with shape and grad");
    }
    auto shape = parse_shape(param["shape"]);
    if (!shape) return reject(id, "params.shape", shape.error());
    if (auto bad = append_grad(param["grad"], *shape, out.problem.dtype, out.problem.bucket)) {
      return reject(id, "params.grad", *bad);
    }
    layout.params.push_back(*shape);
  }
  if (auto partition = doc.find("partition"); partition != doc.end() && !partition->is_null()) {
    if (!partition->is_array() || static_cast<std::int64_t>(partition->size()) != layout.world_size) {
      return reject(id, "partition", "partition must be an array of world_size element counts");
    }
    std::vector<std::int64_t> counts;
    for (const json& count : *partition) {
      auto value = as_int(count);
      if (!value || *value < 0) return reject(id, "partition", "partition entries must be integers >= 0");
      counts.push_back(*value);
    }
    layout.partition = std::move(counts);
  }
  return out;
}

ojson indices_json(const std::vector<std::int64_t>& indices) { return ojson(indices); }

ojson stage12_json(const ParamSelection& selection) {
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
  return ojson{{"chunks", std::move(chunks)}, {"selected", indices_json(selection.selected)}};
}

ojson stage3_json(const ParamSelection& selection) {
  ojson ranks = ojson::array();
  for (const RankSelection& r : selection.ranks) {
    ranks.push_back(ojson{{"rank", r.rank},
                          {"start_column", r.start_column},
                          {"local_indices", indices_json(r.local_indices)}});
  }
  ojson out{{"selected", indices_json(selection.selected)}, {"ranks", std::move(ranks)}};
  if (selection.skipped) out["skipped"] = true;
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
    doc = parse_bounded(line, max_values);
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
  out["topk_ratio"] = layout.topk_ratio;
  out["world_size"] = layout.world_size;
  out["dtype"] = std::string(grad_dtype_name(problem.dtype));
  ojson params = ojson::array();
  std::size_t next = 0;
  for (const ParamShape& shape : layout.params) {
    ojson grad = ojson::array();
    for (std::int64_t i = 0; i < shape.rows * shape.cols && next < problem.bucket.size(); ++i) {
      grad.push_back(value_json(problem.bucket[next++]));
    }
    params.push_back(ojson{{"shape", {shape.rows, shape.cols}}, {"grad", std::move(grad)}});
  }
  out["params"] = std::move(params);
  if (layout.partition) out["partition"] = *layout.partition;
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
      params.push_back(answer.stage == 3 ? stage3_json(*param) : stage12_json(*param));
    }
  }
  out["params"] = std::move(params);
  return out;
}

ojson topk_line_error_to_json(const TopkLineError& error) {
  ojson out = ojson::object();
  if (error.id) out["id"] = *error.id;
  out["error"] = error_to_json(error.error);
  return out;
}

}  // namespace zfcheck
