// Field-by-field comparison of results and the grouped disagreement report.
#include "harness/upstream/conformance.hpp"

#include "harness/checks/minimal_order.hpp"
#include "harness/checks/warning_meaning.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/shell_quote.hpp"
#include "reference/py_json.hpp"

namespace zfcheck {

namespace {

constexpr SelectedField kConformanceFields[] = {
    {"outcome"},
    {"error", FieldView::each_key},
    {"config", FieldView::each_key},
    {"resolved", FieldView::each_key},
    {"engine", FieldView::each_key},
    {"deepspeed", FieldView::each_key},  // whole-config results only
    {"zenflow_enabled"},
    {"warnings"},  // by what each says (labels): upstream's words are its logger's, the model's are its lines
    {"selections"},
    {"selection_count"},
};

// The result with each warning replaced by its label (warning_meaning.hpp).
py::Value warnings_by_meaning(const py::Value& result) {
  const py::Dict* d = result.as<py::Dict>();
  const py::Value* warnings = d ? d->find("warnings") : nullptr;
  const py::List* list = warnings ? warnings->as<py::List>() : nullptr;
  if (list == nullptr) return result;
  py::List labels;
  for (const py::Value& w : *list) {
    const py::Str* text = w.as<py::Str>();
    labels.push_back(text ? py::Value(py::Str{warning_label(text->text)}) : w);
  }
  py::Dict out = *d;
  out.set(py::Str{"warnings"}, std::move(labels));
  return out;
}

}  // namespace

std::vector<FieldDifference> compare_results(const py::Value& model, const py::Value& upstream) {
  return field_differences(warnings_by_meaning(model), warnings_by_meaning(upstream), kConformanceFields);
}

void DisagreementSummary::add(const Case& c, const std::vector<FieldDifference>& differences) {
  for (const auto& d : differences) {
    auto [it, inserted] = groups_.try_emplace(d.field);
    Group& g = it->second;
    ++g.count;
    if (inserted || simpler(c, g.example)) {
      g.example = c;
      g.difference = d;
    }
  }
}

std::string DisagreementSummary::render(const std::string& replay_prefix, const TerminalStyle& style) const {
  std::string out;
  if (!groups_.empty()) out += "disagreements by field:\n";
  for (const auto& [field, g] : groups_) {
    std::string line = case_line(g.example);
    out += "  " + field + ": " + std::to_string(g.count) + " case" + (g.count == 1 ? "" : "s") + "\n";
    out += "    smallest case: " + line + "\n";
    out += "    model:    " + py::to_json(g.difference.left) + "\n";
    out += "    upstream: " + py::to_json(g.difference.right) + "\n";
    out += "    replay:   echo " + shell_quote(line) + " | " + replay_prefix + "\n";
  }
  out += style.paint("agreement: " + std::to_string(agreed_) + "/" + std::to_string(cases_) + " cases",
                     agreed_ == cases_ ? Tone::good : Tone::bad) +
         "\n";
  return out;
}

}  // namespace zfcheck
