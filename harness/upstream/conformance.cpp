// Field-by-field comparison of results and the grouped disagreement report.
#include "harness/upstream/conformance.hpp"

#include "harness/io/case_io.hpp"
#include "harness/io/shell_quote.hpp"
#include "reference/py_json.hpp"

namespace zfcheck {

namespace {

const py::Value kNull{py::None{}};

const py::Value& member(const py::Value& record, std::string_view key) {
  const py::Dict* d = record.as<py::Dict>();
  const py::Value* v = d ? d->find(key) : nullptr;
  return v ? *v : kNull;
}

void compare(const std::string& field, const py::Value& model, const py::Value& upstream,
             std::vector<FieldDifference>& out) {
  if (!(model == upstream)) out.push_back({field, model, upstream});
}

// Both records key by key (a missing key reads as null), so one difference names one field.
void compare_record(const std::string& prefix, const py::Value& model, const py::Value& upstream,
                    std::vector<FieldDifference>& out) {
  const py::Dict* m = model.as<py::Dict>();
  const py::Dict* u = upstream.as<py::Dict>();
  if (m == nullptr || u == nullptr) {
    compare(prefix, model, upstream, out);
    return;
  }
  std::vector<std::string> keys;
  for (const auto& [key, value] : m->entries()) keys.push_back(key.text);
  for (const auto& [key, value] : u->entries()) {
    if (m->find(key.text) == nullptr) keys.push_back(key.text);
  }
  for (const auto& key : keys) compare(prefix + "." + key, member(model, key), member(upstream, key), out);
}

std::size_t list_size(const py::Value& v) {
  const py::List* l = v.as<py::List>();
  return l ? l->size() : 0;
}

std::size_t block_keys(const Case& c) {
  const py::Dict* d = c.zenflow.as<py::Dict>();
  return d ? d->size() : 0;
}

}  // namespace

std::vector<FieldDifference> compare_results(const py::Value& model, const py::Value& upstream) {
  std::vector<FieldDifference> out;
  compare("outcome", member(model, "outcome"), member(upstream, "outcome"), out);
  compare_record("error", member(model, "error"), member(upstream, "error"), out);
  compare_record("config", member(model, "config"), member(upstream, "config"), out);
  compare_record("resolved", member(model, "resolved"), member(upstream, "resolved"), out);
  compare_record("engine", member(model, "engine"), member(upstream, "engine"), out);
  compare("zenflow_enabled", member(model, "zenflow_enabled"), member(upstream, "zenflow_enabled"), out);
  compare("warnings (count)", py::Int(static_cast<long long>(list_size(member(model, "warnings")))),
          py::Int(static_cast<long long>(list_size(member(upstream, "warnings")))), out);
  compare("selections", member(model, "selections"), member(upstream, "selections"), out);
  compare("selection_count", member(model, "selection_count"), member(upstream, "selection_count"), out);
  return out;
}

bool simpler_case(const Case& a, const Case& b) {
  std::size_t ka = block_keys(a), kb = block_keys(b);
  if (ka != kb) return ka < kb;
  return py::to_json(case_to_value(a)).size() < py::to_json(case_to_value(b)).size();
}

void DisagreementSummary::add(const Case& c, const std::vector<FieldDifference>& differences) {
  for (const auto& d : differences) {
    auto [it, inserted] = groups_.try_emplace(d.field);
    Group& g = it->second;
    ++g.count;
    if (inserted || simpler_case(c, g.example)) {
      g.example = c;
      g.difference = d;
    }
  }
}

std::string DisagreementSummary::render(const std::string& replay_prefix) const {
  std::string out;
  if (!groups_.empty()) out += "disagreements by field:\n";
  for (const auto& [field, g] : groups_) {
    std::string line = py::to_json(case_to_value(g.example));
    out += "  " + field + ": " + std::to_string(g.count) + " case" + (g.count == 1 ? "" : "s") + "\n";
    out += "    smallest case: " + line + "\n";
    out += "    model:    " + py::to_json(g.difference.model) + "\n";
    out += "    upstream: " + py::to_json(g.difference.upstream) + "\n";
    out += "    replay:   echo " + shell_quote(line) + " | " + replay_prefix + "\n";
  }
  out += "agreement: " + std::to_string(agreed_) + "/" + std::to_string(cases_) + " cases\n";
  return out;
}

}  // namespace zfcheck
