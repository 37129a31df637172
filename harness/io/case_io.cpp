// Case lines: the JSON object of docs/eval-format.md to a Case, with every rejection named.
#include "harness/io/case_io.hpp"

#include "harness/io/json_error_text.hpp"
#include "harness/io/line_reader.hpp"
#include "reference/py_json.hpp"

#include <limits>

namespace zfcheck {

namespace {

tl::unexpected<CaseError> reject(const std::optional<py::Str>& id, std::optional<std::string> field,
                                 std::string reason) {
  return tl::unexpected(CaseError{id, std::move(field), std::move(reason)});
}

// An integer in [lo, hi]; JSON true/false and floats are not integers here.
std::optional<std::int64_t> int_in(const py::Value& v, std::int64_t lo, std::int64_t hi) {
  const py::Int* i = v.as<py::Int>();
  if (i == nullptr || *i < lo || *i > hi) return std::nullopt;
  return i->convert_to<std::int64_t>();
}

}  // namespace

tl::expected<Case, CaseError> case_from_value(py::Value value) {
  py::Dict* dict = value.as<py::Dict>();
  if (dict == nullptr) return reject(std::nullopt, std::nullopt, "a case must be a JSON object");
  Case c;
  if (const py::Value* id = dict->find("id")) {
    if (id->as<py::Str>() == nullptr) return reject(std::nullopt, "id", "id must be a string");
    c.id = *id->as<py::Str>();
  }
  if (py::Value* config = dict->find_mutable("deepspeed_config")) {
    for (std::string_view key : {"zenflow", "stage", "overlap_comm"}) {
      if (dict->find(key) != nullptr) {
        return reject(c.id, std::string(key),
                      "a case gives either deepspeed_config or zenflow/stage/overlap_comm, not both (" +
                          std::string(key) + " belongs inside deepspeed_config.zero_optimization)");
      }
    }
    if (config->as<py::Dict>() == nullptr) {
      return reject(c.id, "deepspeed_config", "deepspeed_config must be a JSON object (the config dict)");
    }
    c.deepspeed_config = std::move(*config);
    if (const py::Value* world = dict->find("world_size")) {
      auto w = int_in(*world, 1, std::numeric_limits<std::int64_t>::max());
      if (!w)
        return reject(c.id, "world_size", "world_size must be an integer from 1 to 9223372036854775807");
      c.world_size = *w;
    }
  } else {
    if (dict->find("world_size") != nullptr) {
      return reject(c.id, "world_size", "world_size applies to deepspeed_config cases only");
    }
    py::Value* zenflow = dict->find_mutable("zenflow");
    if (zenflow == nullptr)
      return reject(c.id, "zenflow", "the case has no zenflow key (nor deepspeed_config)");
    c.zenflow = std::move(*zenflow);
  }
  if (const py::Value* stage = dict->find("stage")) {
    auto s = int_in(*stage, 1, 3);
    if (!s) return reject(c.id, "stage", "stage must be 1, 2 or 3");
    c.stage = static_cast<int>(*s);
  }
  if (const py::Value* steps = dict->find("micro_steps")) {
    auto s = int_in(*steps, 0, kMaxMicroSteps);
    if (!s) return reject(c.id, "micro_steps", "micro_steps must be an integer from 0 to " + std::to_string(kMaxMicroSteps));
    c.micro_steps = *s;
  }
  if (const py::Value* len = dict->find("dataloader_len"); len != nullptr && len->kind() != py::Kind::none) {
    auto l = int_in(*len, 0, std::numeric_limits<std::int64_t>::max());
    if (!l) {
      return reject(c.id, "dataloader_len",
                    "dataloader_len must be null or an integer from 0 to 9223372036854775807 (a Python len())");
    }
    c.dataloader_len = *l;
  }
  if (const py::Value* overlap = dict->find("overlap_comm"); overlap != nullptr && overlap->kind() != py::Kind::none) {
    if (overlap->as<bool>() == nullptr) return reject(c.id, "overlap_comm", "overlap_comm must be true, false or null");
    c.overlap_comm = *overlap->as<bool>();
  }
  return c;
}

tl::expected<Case, CaseError> parse_case(std::string_view line) {
  auto value = py::parse_json(line);
  if (!value) {
    CaseError error{std::nullopt, std::nullopt,
                    "not JSON: " + value.error().reason + " at " + position_text(line, value.error().offset),
                    value.error().offset};
    return tl::unexpected(std::move(error));
  }
  return case_from_value(std::move(*value));
}

bool for_each_case_line(std::istream& in,
                        const std::function<void(std::size_t line, tl::expected<Case, CaseError> c)>& fn) {
  LineReader reader(in);
  std::string line;
  bool too_long = false;
  while (reader.next(line, too_long)) {
    fn(reader.line_number(), too_long ? tl::expected<Case, CaseError>(reject(
                                            std::nullopt, std::nullopt,
                                            "line longer than " + std::to_string(kMaxLineBytes) + " bytes"))
                                      : parse_case(line));
  }
  return !in.bad();
}

py::Value case_to_value(const Case& c, bool full) {
  py::Dict d;
  if (c.id) d.set(py::Str{"id"}, *c.id);
  if (c.deepspeed_config) {
    d.set(py::Str{"deepspeed_config"}, *c.deepspeed_config);
    if (full || c.world_size != 1) d.set(py::Str{"world_size"}, py::Int(c.world_size));
  } else {
    d.set(py::Str{"zenflow"}, c.zenflow);
  }
  if (full || c.dataloader_len) {
    d.set(py::Str{"dataloader_len"}, c.dataloader_len ? py::Value(py::Int(*c.dataloader_len)) : py::Value(py::None{}));
  }
  if (!c.deepspeed_config && (full || c.stage != 2)) d.set(py::Str{"stage"}, py::Int(c.stage));
  if (full || c.micro_steps != 40) d.set(py::Str{"micro_steps"}, py::Int(c.micro_steps));
  if (c.overlap_comm) d.set(py::Str{"overlap_comm"}, *c.overlap_comm);  // only when given, even when `full`
  return d;
}

std::string case_line(const Case& c) { return py::to_json(case_to_value(c)); }

}  // namespace zfcheck
