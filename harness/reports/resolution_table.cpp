// Rows of the thread's table, evaluated through the model and laid out as cells.
#include "harness/reports/resolution_table.hpp"

#include "harness/checks/invariants.hpp"
#include "harness/checks/result_summary.hpp"
#include "harness/checks/warning_meaning.hpp"
#include "reference/py_json.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

Case block_case(py::Dict block, std::optional<std::int64_t> dataloader_len, std::int64_t micro_steps) {
  Case c;
  c.zenflow = std::move(block);
  c.dataloader_len = dataloader_len;
  c.micro_steps = micro_steps;
  return c;
}

py::Dict strategy(std::string_view name, py::Value interval) {
  py::Dict d;
  d.set(py::Str{"select_strategy"}, std::string(name));
  d.set(py::Str{"select_interval"}, std::move(interval));
  return d;
}

py::Dict steps_per_epoch(int steps) {
  py::Dict d;
  d.set(py::Str{"steps_per_epoch"}, steps);
  return d;
}

// A block value as the thread writes it: strings bare, a key not written as "auto (default)".
std::string written(const Case& c, std::string_view key) {
  const py::Dict* block = c.zenflow.as<py::Dict>();
  const py::Value* v = block ? block->find(key) : nullptr;
  if (v == nullptr) return "auto (default)";
  if (const py::Str* s = v->as<py::Str>()) return s->text;
  return py::to_json(*v);
}

// "yes" when the thread's warning (the columns are never re-selected) is the only kind logged (the
// engine and the optimizer copy may each log it); otherwise the distinct ids.
std::string warning_cell(const Result& r) {
  if (r.warnings.empty()) return "no";
  std::vector<std::string> kinds;
  for (const std::string& label : warning_labels(r.warnings)) {
    if (std::find(kinds.begin(), kinds.end(), label) == kinds.end()) kinds.push_back(label);
  }
  if (kinds == std::vector{std::string(warning_id(SetupWarning::select_interval_never_repeats))}) return "yes";
  std::string ids;
  for (const std::string& kind : kinds) ids += (ids.empty() ? "" : ", ") + kind;
  return "yes (" + ids + ")";
}

bool running(const Result& r) { return r.outcome == Outcome::ok && r.resolved.has_value(); }

}  // namespace

std::vector<ResolutionTableRow> resolution_table_cases(std::int64_t micro_steps) {
  return {
      {"auto/auto, no dataloader", block_case({}, std::nullopt, micro_steps)},
      {"auto/auto, dataloader 10", block_case({}, 10, micro_steps)},
      {"epoch/1, no dataloader", block_case(strategy("epoch", 1), std::nullopt, micro_steps)},
      {"epoch/1, dataloader 10", block_case(strategy("epoch", 1), 10, micro_steps)},
      {"step/10", block_case(strategy("step", 10), std::nullopt, micro_steps)},
      {"steps_per_epoch unset, no dataloader", block_case({}, std::nullopt, micro_steps)},
      {"steps_per_epoch 0", block_case(steps_per_epoch(0), std::nullopt, micro_steps)},
      {"steps_per_epoch -5", block_case(steps_per_epoch(-5), std::nullopt, micro_steps)},
      {"steps_per_epoch 10", block_case(steps_per_epoch(10), std::nullopt, micro_steps)},
      {"dataloader of length 0", block_case({}, 0, micro_steps)},
  };
}

std::vector<std::string> input_headers() { return {"strategy", "interval", "epoch length known"}; }

std::vector<std::string> input_cells(const Case& c) {
  std::string strategy_cell = written(c, "select_strategy");
  std::string known = "n/a";
  if (strategy_cell != "step") {
    auto length = known_epoch_length(c);
    known = length ? "yes (" + py::to_decimal(*length) + ")" : "no";
  }
  return {strategy_cell, written(c, "select_interval"), known};
}

std::vector<std::string> result_headers(std::int64_t micro_steps) {
  return {"resolved select_interval", "selections in " + std::to_string(micro_steps) + " steps", "warning"};
}

std::vector<std::string> result_cells(const Result& r) {
  if (!running(r)) return {outcome_label(r), "-", "-"};
  return {py::to_decimal(r.resolved->select_interval), std::to_string(r.selections.size()), warning_cell(r)};
}

std::string compact_result_cell(const Result& r) {
  if (!running(r)) return outcome_label(r);
  auto cells = result_cells(r);
  return cells[0] + " / " + cells[1] + " / " + cells[2];
}

std::string render_resolution_table(const std::vector<ResolutionTableRow>& cases, const std::vector<const Engine*>& engines,
                                    std::int64_t micro_steps, TableFormat format) {
  std::vector<std::string> headers{"case"};
  for (auto& h : input_headers()) headers.push_back(std::move(h));
  if (engines.size() == 1) {
    for (auto& h : result_headers(micro_steps)) headers.push_back(std::move(h));
  } else {
    for (const Engine* e : engines) headers.push_back(e->name());
  }
  std::vector<Case> inputs;
  for (const ResolutionTableRow& tc : cases) inputs.push_back(tc.c);
  std::vector<std::vector<Result>> results;
  for (const Engine* e : engines) results.push_back(evaluate_all(*e, inputs));
  std::vector<std::vector<std::string>> rows;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    std::vector<std::string> row{cases[i].label};
    for (auto& cell : input_cells(cases[i].c)) row.push_back(std::move(cell));
    for (const auto& column : results) {
      if (engines.size() == 1) {
        for (auto& cell : result_cells(column[i])) row.push_back(std::move(cell));
      } else {
        row.push_back(compact_result_cell(column[i]));
      }
    }
    rows.push_back(std::move(row));
  }
  return render_table(headers, rows, format);
}

}  // namespace zfcheck
