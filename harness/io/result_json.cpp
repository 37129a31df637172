// Result to JSON text, one function per record of docs/eval-format.md.
#include "harness/io/result_json.hpp"

#include "reference/py_json.hpp"
#include "reference/py_number.hpp"

#include <variant>

namespace zfcheck {

namespace {

// A value of each type a ZenFlowConfig member holds.
void write_value(std::string& out, double v) { py::write_json_float(out, v); }
void write_value(std::string& out, const py::Str& v) { py::write_json_string(out, v.text); }
void write_value(std::string& out, const py::Int& v) { py::write_json_int(out, v); }
void write_value(std::string& out, bool b) { out += b ? "true" : "false"; }

void write_value(std::string& out, const StrOrInt& v) {
  if (const py::Str* s = std::get_if<py::Str>(&v)) {
    write_value(out, *s);
  } else {
    write_value(out, std::get<py::Int>(v));
  }
}

void write_value(std::string& out, const std::optional<py::Int>& v) {
  if (v) {
    write_value(out, *v);
  } else {
    out += "null";
  }
}

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

// Every field in declaration order, then the fields of upstream's revision that the model lacks.
void write_config(std::string& out, const ZenFlowConfig& c, const py::Dict& other) {
  py::ObjectWriter o(out);
  for (std::size_t i = 0; i < kZenFlowFields.size(); ++i) {
    std::visit([&](auto member) { write_value(o.key(kZenFlowFields[i].name), c.*member); },
               kConfigMembers[i]);
  }
  for (const auto& [key, value] : other.entries()) py::write_json(o.key(key.text), value);
  o.close();
}

void write_resolved(std::string& out, const Resolved& r) {
  py::ObjectWriter o(out);
  py::write_json_string(o.key("select_strategy"), r.select_strategy);
  py::write_json_int(o.key("select_interval"), r.select_interval);
  py::write_json_int(o.key("update_interval"), r.update_interval);
  write_value(o.key("auto_update"), r.auto_update);
  write_value(o.key("steps_per_epoch"), r.steps_per_epoch);
  py::write_json_int(o.key("full_warm_up_rounds"), r.full_warm_up_rounds);
  o.close();
}

void write_engine(std::string& out, const EngineView& e) {
  py::ObjectWriter o(out);
  py::write_json_int(o.key("select_interval"), e.select_interval);
  py::write_json_int(o.key("update_interval"), e.update_interval);
  write_value(o.key("auto_update"), e.auto_update);
  o.close();
}

void write_deepspeed(std::string& out, const DeepSpeedView& d) {
  py::ObjectWriter o(out);
  py::write_json_number(o.key("train_batch_size"), d.batch.train_batch_size);
  py::write_json_number(o.key("train_micro_batch_size_per_gpu"), d.batch.train_micro_batch_size_per_gpu);
  py::write_json_number(o.key("gradient_accumulation_steps"), d.batch.gradient_accumulation_steps);
  py::write_json_int(o.key("stage"), d.stage);
  if (d.offload_optimizer) {
    py::write_json_string(o.key("offload_optimizer"), *d.offload_optimizer);
  } else {
    o.key("offload_optimizer") += "null";
  }
  write_value(o.key("overlap_comm"), d.overlap_comm);
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

}  // namespace

void write_result(std::string& out, const Result& r, const ExtraKeys& extra) {
  py::ObjectWriter o(out);
  if (r.id) py::write_json_string(o.key("id"), r.id->text);
  py::write_json_string(o.key("profile"), r.profile);
  py::write_json_string(o.key("outcome"), outcome_name(r.outcome));
  write_optional(o.key("error"), r.error, write_error);
  if (r.config) {
    write_config(o.key("config"), *r.config, r.other_config);
  } else {
    o.key("config") += "null";
  }
  write_optional(o.key("resolved"), r.resolved, write_resolved);
  write_optional(o.key("engine"), r.engine, write_engine);
  if (r.whole_config) write_optional(o.key("deepspeed"), r.deepspeed, write_deepspeed);
  write_value(o.key("zenflow_enabled"), r.zenflow_enabled);
  std::string& warnings = o.key("warnings");
  warnings += '[';
  for (std::size_t i = 0; i < r.warnings.size(); ++i) {
    if (i) warnings += ',';
    py::write_json_string(warnings, r.warnings[i]);
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

namespace {

// Reads one eval-format object field by field; the first thing that does not fit is kept in `error`.
class ResultReader {
 public:
  std::string error;

  const py::Value* get(const py::Dict& d, std::string_view key) {
    const py::Value* v = d.find(key);
    return v != nullptr && v->kind() != py::Kind::none ? v : nullptr;
  }
  template <class T>
  const T* need(const py::Value* v, std::string_view what) {
    const T* t = v != nullptr ? v->as<T>() : nullptr;
    if (t == nullptr && error.empty()) error = std::string(what) + " is missing or of the wrong type";
    return t;
  }
  py::Int integer(const py::Dict& d, std::string_view key) {
    const py::Int* i = need<py::Int>(get(d, key), key);
    return i ? *i : py::Int(0);
  }
  py::Number number(const py::Dict& d, std::string_view key) {  // an int, a float, or a bool given and kept
    const py::Value* v = get(d, key);
    if (const double* f = v ? v->as<double>() : nullptr) return *f;
    if (const bool* b = v ? v->as<bool>() : nullptr) return *b;
    return integer(d, key);
  }
  std::optional<py::Int> optional_integer(const py::Dict& d, std::string_view key) {
    return get(d, key) ? std::optional<py::Int>(integer(d, key)) : std::nullopt;
  }
  bool boolean(const py::Dict& d, std::string_view key) {
    const bool* b = need<bool>(get(d, key), key);
    return b != nullptr && *b;
  }
  std::string text(const py::Dict& d, std::string_view key) {
    const py::Str* s = need<py::Str>(get(d, key), key);
    return s ? s->text : std::string();
  }
  // A config field that is present and not null into its member, by the type the member holds.
  void read(const py::Dict& d, std::string_view key, double& out) {
    const py::Value* v = get(d, key);
    if (const double* f = v->as<double>()) {
      out = *f;
    } else if (const py::Int* i = v->as<py::Int>()) {
      out = static_cast<double>(py::to_int64(*i).value_or(0));
    } else {
      need<double>(v, key);
    }
  }
  void read(const py::Dict& d, std::string_view key, py::Str& out) { out = py::Str{text(d, key)}; }
  void read(const py::Dict& d, std::string_view key, StrOrInt& out) {
    if (const py::Str* s = get(d, key)->as<py::Str>()) {
      out = *s;
    } else {
      out = integer(d, key);
    }
  }
  void read(const py::Dict& d, std::string_view key, bool& out) { out = boolean(d, key); }
  void read(const py::Dict& d, std::string_view key, py::Int& out) { out = integer(d, key); }
  void read(const py::Dict& d, std::string_view key, std::optional<py::Int>& out) { out = integer(d, key); }
  std::string_view strategy(const py::Dict& d) {
    std::string s = text(d, "select_strategy");
    if (s == "step") return "step";
    if (s == "epoch") return "epoch";
    if (error.empty()) error = "resolved select_strategy " + s + " is neither step nor epoch";
    return "step";
  }
};

}  // namespace

tl::expected<Result, std::string> result_from_value(const py::Value& value) {
  const py::Dict* d = value.as<py::Dict>();
  if (d == nullptr) return tl::unexpected(std::string("not a JSON object"));
  ResultReader in;
  Result r;
  if (const py::Value* id = in.get(*d, "id")) r.id = *in.need<py::Str>(id, "id");
  if (!in.error.empty()) return tl::unexpected(in.error);
  if (const py::Value* p = in.get(*d, "profile"); p != nullptr && p->as<py::Str>()) r.profile = p->as<py::Str>()->text;
  std::string outcome = in.text(*d, "outcome");
  bool known = false;
  for (Outcome o : {Outcome::ok, Outcome::config_error, Outcome::init_error, Outcome::step_error,
                    Outcome::unmodelled, Outcome::invalid_case}) {
    if (outcome == outcome_name(o)) r.outcome = o, known = true;
  }
  if (!known && in.error.empty()) in.error = "unknown outcome " + outcome;
  if (const py::Value* e = in.get(*d, "error")) {
    if (const py::Dict* ed = in.need<py::Dict>(e, "error")) {
      r.error = Error{in.text(*ed, "type"), std::nullopt, in.text(*ed, "message")};
      if (in.get(*ed, "field")) r.error->field = in.text(*ed, "field");
    }
  }
  if (const py::Value* c = in.get(*d, "config")) {
    if (const py::Dict* cd = in.need<py::Dict>(c, "config")) {
      ZenFlowConfig z;  // an absent (or null) field keeps its member's initial value
      for (std::size_t i = 0; i < kZenFlowFields.size(); ++i) {
        std::string_view key = kZenFlowFields[i].name;
        if (in.get(*cd, key)) {
          std::visit([&](auto member) { in.read(*cd, key, z.*member); }, kConfigMembers[i]);
        }
      }
      r.config = z;
      for (const auto& [key, field] : cd->entries()) {
        if (find_field(key.text) == nullptr) r.other_config.set(key, field);
      }
    }
  }
  if (const py::Value* v = in.get(*d, "resolved")) {
    if (const py::Dict* rd = in.need<py::Dict>(v, "resolved")) {
      r.resolved = Resolved{in.strategy(*rd),          in.integer(*rd, "select_interval"),
                            in.integer(*rd, "update_interval"), in.boolean(*rd, "auto_update"),
                            in.optional_integer(*rd, "steps_per_epoch"), in.integer(*rd, "full_warm_up_rounds")};
    }
  }
  if (const py::Value* v = in.get(*d, "engine")) {
    if (const py::Dict* ed = in.need<py::Dict>(v, "engine")) {
      r.engine = EngineView{in.integer(*ed, "select_interval"), in.integer(*ed, "update_interval"),
                            in.boolean(*ed, "auto_update")};
    }
  }
  r.whole_config = d->find("deepspeed") != nullptr;
  if (const py::Value* v = in.get(*d, "deepspeed")) {
    if (const py::Dict* dd = in.need<py::Dict>(v, "deepspeed")) {
      DeepSpeedView view{
          BatchSizes{in.number(*dd, "train_batch_size"), in.number(*dd, "train_micro_batch_size_per_gpu"),
                     in.number(*dd, "gradient_accumulation_steps")},
          0, std::nullopt, in.boolean(*dd, "overlap_comm")};
      py::Int stage = in.integer(*dd, "stage");
      if (stage >= 0 && stage <= 3) {
        view.stage = stage.convert_to<int>();
      } else if (in.error.empty()) {
        in.error = "deepspeed stage " + py::to_decimal(stage) + " is not 0 to 3";
      }
      if (in.get(*dd, "offload_optimizer")) view.offload_optimizer = in.text(*dd, "offload_optimizer");
      r.deepspeed = std::move(view);
    }
  }
  r.zenflow_enabled = in.get(*d, "zenflow_enabled") != nullptr && in.boolean(*d, "zenflow_enabled");
  if (const py::Value* v = in.get(*d, "warnings")) {
    if (const py::List* l = in.need<py::List>(v, "warnings")) {
      for (const py::Value& w : *l) {
        if (const py::Str* s = in.need<py::Str>(&w, "a warning")) r.warnings.push_back(s->text);
      }
    }
  }
  if (const py::Value* v = in.get(*d, "selections")) {
    if (const py::List* l = in.need<py::List>(v, "selections")) {
      for (const py::Value& s : *l) {
        const py::Int* i = in.need<py::Int>(&s, "a selection");
        auto step = i ? py::to_int64(*i) : std::nullopt;
        if (step) r.selections.push_back(*step);
        else if (in.error.empty()) in.error = "a selection beyond 64 bits";
      }
    }
  }
  if (!in.error.empty()) return tl::unexpected(in.error);
  return r;
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
