// Field-by-field comparison of results and the grouped disagreement report.
#include "harness/upstream/conformance.hpp"

#include "harness/checks/minimal_order.hpp"
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
    {"zenflow_enabled"},
    {"warnings", FieldView::count},  // upstream's warning texts are its logger's, not the model's ids
    {"selections"},
    {"selection_count"},
};

}  // namespace

std::vector<FieldDifference> compare_results(const py::Value& model, const py::Value& upstream) {
  return field_differences(model, upstream, kConformanceFields);
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
