// Result to JSON text, one function per record of docs/eval-format.md.
#include "harness/io/result_json.hpp"

#include "reference/py_json.hpp"

#include <array>

namespace zfcheck {

namespace {

void write_str_or_int(std::string& out, const StrOrInt& v) {
  if (const py::Str* s = std::get_if<py::Str>(&v)) {
    py::write_json_string(out, s->text);
  } else {
    py::write_json_int(out, std::get<py::Int>(v));
  }
}

void write_optional_int(std::string& out, const std::optional<py::Int>& v) {
  if (v) {
    py::write_json_int(out, *v);
  } else {
    out += "null";
  }
}

void write_bool(std::string& out, bool b) { out += b ? "true" : "false"; }

void write_error(std::string& out, const Error& e) {
  py::ObjectWriter o(out);
  py::write_json_string(o.key("type"), e.type);
  if (e.field) {
    py::write_json_string(o.key("field"), *e.field);
  } else {
    o.key("field") += "null";
  }
  py::write_json_string(o.key("message"), e.message);
  o.close();
}

void write_config(std::string& out, const ZenFlowConfig& c) {
  py::ObjectWriter o(out);
  py::write_json_float(o.key("topk_ratio"), c.topk_ratio);
  py::write_json_string(o.key("select_strategy"), c.select_strategy.text);
  write_str_or_int(o.key("select_interval"), c.select_interval);
  write_str_or_int(o.key("update_interval"), c.update_interval);
  write_bool(o.key("overlap_step"), c.overlap_step);
  write_bool(o.key("offload"), c.offload);
  py::write_json_float(o.key("auto_ratio"), c.auto_ratio);
  py::write_json_int(o.key("full_warm_up_rounds"), c.full_warm_up_rounds);
  py::write_json_float(o.key("pt_reserved_cores_perc"), c.pt_reserved_cores_perc);
  write_optional_int(o.key("steps_per_epoch"), c.steps_per_epoch);
  o.close();
}

void write_resolved(std::string& out, const Resolved& r) {
  py::ObjectWriter o(out);
  py::write_json_string(o.key("select_strategy"), r.select_strategy);
  py::write_json_int(o.key("select_interval"), r.select_interval);
  py::write_json_int(o.key("update_interval"), r.update_interval);
  write_bool(o.key("auto_update"), r.auto_update);
  write_optional_int(o.key("steps_per_epoch"), r.steps_per_epoch);
  py::write_json_int(o.key("full_warm_up_rounds"), r.full_warm_up_rounds);
  o.close();
}

void write_engine(std::string& out, const EngineView& e) {
  py::ObjectWriter o(out);
  py::write_json_int(o.key("select_interval"), e.select_interval);
  py::write_json_int(o.key("update_interval"), e.update_interval);
  write_bool(o.key("auto_update"), e.auto_update);
  o.close();
}

template <class T>
void write_optional(std::string& out, const std::optional<T>& v, void (*write)(std::string&, const T&)) {
  if (v) {
    write(out, *v);
  } else {
    out += "null";
  }
}

// The warning as a JSON string, escaped once.
const std::string& warning_json(SetupWarning warning) {
  static const std::array<std::string, kSetupWarnings.size()> texts = [] {
    std::array<std::string, kSetupWarnings.size()> out;
    for (SetupWarning w : kSetupWarnings) py::write_json_string(out[static_cast<std::size_t>(w)], warning_line(w));
    return out;
  }();
  return texts[static_cast<std::size_t>(warning)];
}

}  // namespace

std::string warning_line(SetupWarning warning) {
  return std::string(warning_id(warning)) + ": " + std::string(warning_text(warning));
}

void write_result(std::string& out, const Result& r, const ExtraKeys& extra) {
  py::ObjectWriter o(out);
  if (r.id) py::write_json_string(o.key("id"), r.id->text);
  py::write_json_string(o.key("profile"), r.profile);
  py::write_json_string(o.key("outcome"), outcome_name(r.outcome));
  write_optional(o.key("error"), r.error, write_error);
  write_optional(o.key("config"), r.config, write_config);
  write_optional(o.key("resolved"), r.resolved, write_resolved);
  write_optional(o.key("engine"), r.engine, write_engine);
  write_bool(o.key("zenflow_enabled"), r.zenflow_enabled);
  std::string& warnings = o.key("warnings");
  warnings += '[';
  for (std::size_t i = 0; i < r.warnings.size(); ++i) {
    if (i) warnings += ',';
    warnings += warning_json(r.warnings[i]);
  }
  warnings += ']';
  std::string& selections = o.key("selections");
  selections += '[';
  for (std::size_t i = 0; i < r.selections.size(); ++i) {
    if (i) selections += ',';
    py::write_json_int(selections, r.selections[i]);
  }
  selections += ']';
  py::write_json_int(o.key("selection_count"), static_cast<std::int64_t>(r.selections.size()));
  if (extra) extra(o);
  o.close();
}

py::Value result_to_value(const Result& result) {
  std::string text;
  write_result(text, result);
  return *py::parse_json(text);
}

Result invalid_case_result(const CaseError& error, std::size_t line, std::string_view profile) {
  Result r;
  r.id = error.id;
  r.profile = std::string(profile);
  r.outcome = Outcome::invalid_case;
  r.error = Error{"CaseError", error.field, "line " + std::to_string(line) + ": " + error.reason};
  return r;
}

}  // namespace zfcheck
