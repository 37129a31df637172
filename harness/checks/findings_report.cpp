// Rendering of sweep findings: one section per broken invariant.
#include "harness/checks/findings_report.hpp"

#include "harness/checks/invariants.hpp"
#include "harness/checks/result_summary.hpp"
#include "harness/checks/resolution_table.hpp"
#include "reference/py_json.hpp"

namespace zfcheck {

namespace {

std::string initialize_call(const Case& c) {
  if (!c.dataloader_len) return "`deepspeed.initialize()` called without `training_data=`";
  return "`deepspeed.initialize(training_data=...)` whose dataloader has " +
         std::to_string(*c.dataloader_len) +
         " batches (`len(engine.training_dataloader) == " + std::to_string(*c.dataloader_len) + "`)";
}

std::string heading(std::string_view text, TableFormat format) {
  if (format == TableFormat::markdown) return "## " + std::string(text) + "\n\n";
  return std::string(text) + "\n" + std::string(text.size(), '=') + "\n\n";
}

std::string code_block(const std::string& code, TableFormat format) {
  if (format == TableFormat::markdown) return "```json\n" + code + "\n```\n\n";
  return "    " + code + "\n\n";
}

std::string example_row(const Finding& f, TableFormat format) {
  std::vector<std::string> headers{"case"};
  std::vector<std::string> row{"minimal example"};
  for (auto& h : input_headers()) headers.push_back(std::move(h));
  for (auto& h : result_headers(f.example.micro_steps)) headers.push_back(std::move(h));
  for (auto& cell : input_cells(f.example)) row.push_back(std::move(cell));
  for (auto& cell : result_cells(f.result)) row.push_back(std::move(cell));
  return render_table(headers, {row}, format) + "\n";
}

std::string section(std::size_t number, const Finding& f, std::uint64_t cases, TableFormat format) {
  const Invariant* inv = find_invariant(f.invariant);
  std::string out = heading(std::to_string(number) + ". " +
                                (format == TableFormat::markdown ? "`" + f.invariant + "`" : f.invariant),
                            format);
  if (inv != nullptr) {
    out += "Invariant: " + std::string(inv->statement) + ".\nWhy: " + std::string(inv->why) + ".\n\n";
  }
  out += "Broken by " + std::to_string(f.count) + " of the " + std::to_string(cases) +
         " swept cases. The simplest, with " + initialize_call(f.example) + ":\n\n";
  out += code_block(deepspeed_config_json(f.example), format);
  out += "What happens: " + summarize(f.result, f.example.micro_steps) + ".\n\n";
  out += example_row(f, format);
  return out;
}

}  // namespace

std::string deepspeed_config_json(const Case& c) {
  py::Dict offload;
  offload.set(py::Str{"device"}, "cpu");
  py::Dict zero;
  zero.set(py::Str{"stage"}, c.stage);
  zero.set(py::Str{"offload_optimizer"}, std::move(offload));
  zero.set(py::Str{"zenflow"}, c.zenflow);
  py::Dict config;
  config.set(py::Str{"zero_optimization"}, std::move(zero));
  return py::to_json(config);
}

std::string render_findings_report(const SweepReport& report, const Engine& engine, TableFormat format) {
  std::string title = "ZenFlow findings under " + report.profile;
  std::string out = format == TableFormat::markdown ? "# " + title + "\n\n"
                                                    : title + "\n" + std::string(title.size(), '#') + "\n\n";
  out += "Profile: " + engine.summary() + ". zfcheck evaluated the " + std::to_string(report.cases) +
         " cases of its sweep grid through " + engine.evaluator() + "; " +
         std::to_string(report.findings.size()) +
         (report.findings.size() == 1 ? " invariant is" : " invariants are") +
         " broken. Each section gives the simplest case that breaks it (fewest keys written, then values of "
         "the declared types, then the smallest values).\n\n";
  for (std::size_t i = 0; i < report.findings.size(); ++i)
    out += section(i + 1, report.findings[i], report.cases, format);
  return out;
}

}  // namespace zfcheck
