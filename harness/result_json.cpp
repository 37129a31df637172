// Result to JSON, one function per record of eval-format.md.
#include "harness/result_json.hpp"

namespace zfcheck {

namespace {

py::Value str_or_int(const StrOrInt& v) {
  if (const py::Str* s = std::get_if<py::Str>(&v)) return *s;
  return std::get<py::Int>(v);
}

py::Value optional_int(const std::optional<py::Int>& v) { return v ? py::Value(*v) : py::Value(py::None{}); }

py::Value error_to_value(const Error& e) {
  py::Dict d;
  d.set(py::Str{"type"}, e.type);
  d.set(py::Str{"field"}, e.field ? py::Value(*e.field) : py::Value(py::None{}));
  d.set(py::Str{"message"}, e.message);
  return d;
}

py::Value resolved_to_value(const Resolved& r) {
  py::Dict d;
  d.set(py::Str{"select_strategy"}, std::string(r.select_strategy));
  d.set(py::Str{"select_interval"}, r.select_interval);
  d.set(py::Str{"update_interval"}, r.update_interval);
  d.set(py::Str{"auto_update"}, r.auto_update);
  d.set(py::Str{"steps_per_epoch"}, optional_int(r.steps_per_epoch));
  d.set(py::Str{"full_warm_up_rounds"}, r.full_warm_up_rounds);
  return d;
}

py::Value engine_to_value(const EngineView& e) {
  py::Dict d;
  d.set(py::Str{"select_interval"}, e.select_interval);
  d.set(py::Str{"update_interval"}, e.update_interval);
  d.set(py::Str{"auto_update"}, e.auto_update);
  return d;
}

template <class T, class F>
py::Value optional_record(const std::optional<T>& v, F to_value) {
  return v ? to_value(*v) : py::Value(py::None{});
}

}  // namespace

std::string warning_line(SetupWarning warning) {
  return std::string(warning_id(warning)) + ": " + std::string(warning_text(warning));
}

py::Value config_to_value(const ZenFlowConfig& c) {
  py::Dict d;
  d.set(py::Str{"topk_ratio"}, c.topk_ratio);
  d.set(py::Str{"select_strategy"}, c.select_strategy);
  d.set(py::Str{"select_interval"}, str_or_int(c.select_interval));
  d.set(py::Str{"update_interval"}, str_or_int(c.update_interval));
  d.set(py::Str{"overlap_step"}, c.overlap_step);
  d.set(py::Str{"offload"}, c.offload);
  d.set(py::Str{"auto_ratio"}, c.auto_ratio);
  d.set(py::Str{"full_warm_up_rounds"}, c.full_warm_up_rounds);
  d.set(py::Str{"pt_reserved_cores_perc"}, c.pt_reserved_cores_perc);
  d.set(py::Str{"steps_per_epoch"}, optional_int(c.steps_per_epoch));
  return d;
}

py::Value result_to_value(const Result& r) {
  py::Dict d;
  if (r.id) d.set(py::Str{"id"}, *r.id);
  d.set(py::Str{"profile"}, r.profile);
  d.set(py::Str{"outcome"}, std::string(outcome_name(r.outcome)));
  d.set(py::Str{"error"}, optional_record(r.error, error_to_value));
  d.set(py::Str{"config"}, optional_record(r.config, config_to_value));
  d.set(py::Str{"resolved"}, optional_record(r.resolved, resolved_to_value));
  d.set(py::Str{"engine"}, optional_record(r.engine, engine_to_value));
  d.set(py::Str{"zenflow_enabled"}, r.zenflow_enabled);
  py::List warnings;
  for (SetupWarning w : r.warnings) warnings.emplace_back(warning_line(w));
  d.set(py::Str{"warnings"}, std::move(warnings));
  py::List selections;
  selections.reserve(r.selections.size());
  for (std::int64_t m : r.selections) selections.emplace_back(py::Int(m));
  d.set(py::Str{"selections"}, std::move(selections));
  d.set(py::Str{"selection_count"}, py::Int(static_cast<long long>(r.selections.size())));
  return d;
}

py::Value invalid_case_value(const CaseError& error, std::size_t line, std::string_view profile) {
  Result r;
  r.id = error.id;
  r.profile = std::string(profile);
  r.outcome = Outcome::invalid_case;
  r.error = Error{"CaseError", error.field, "line " + std::to_string(line) + ": " + error.reason};
  return result_to_value(r);
}

}  // namespace zfcheck
