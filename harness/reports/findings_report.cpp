// Rendering of sweep findings: one section per broken invariant, one subsection per cause.
#include "harness/reports/findings_report.hpp"

#include "harness/io/report_text.hpp"

#include "harness/checks/invariants.hpp"
#include "harness/checks/result_summary.hpp"
#include "harness/io/replay_command.hpp"
#include "harness/reports/resolution_table.hpp"
#include "kernels/check/topk_invariants.hpp"
#include "reference/py_json.hpp"

namespace zfcheck {

namespace {

std::string initialize_call(const Case& c) {
  if (!c.dataloader_len) return "`deepspeed.initialize()` called without `training_data=`";
  return "`deepspeed.initialize(training_data=...)` whose dataloader has " +
         std::to_string(*c.dataloader_len) + (*c.dataloader_len == 1 ? " batch" : " batches") +
         " (`len(engine.training_dataloader) == " + std::to_string(*c.dataloader_len) + "`)";
}

std::string example_row(const CauseGroup& g, TableFormat format) {
  std::vector<std::string> headers{"case"};
  std::vector<std::string> row{"minimal example"};
  for (auto& h : input_headers()) headers.push_back(std::move(h));
  for (auto& h : result_headers(g.example.micro_steps)) headers.push_back(std::move(h));
  for (auto& cell : input_cells(g.example)) row.push_back(std::move(cell));
  for (auto& cell : result_cells(g.result)) row.push_back(std::move(cell));
  return render_table(headers, {row}, format) + "\n";
}

// One cause of a finding: how many cases, the simplest as a config, what happens, its row, its replay.
std::string cause_section(const std::string& number, const CauseGroup& g, const std::string& engine_option,
                          TableFormat format) {
  std::string out = heading(number + " " + quoted(g.cause, format), format, 3);
  out += std::to_string(g.count) + (g.count == 1 ? " case" : " cases") + ". The simplest, with " +
         initialize_call(g.example) + ":\n\n";
  out += code_block(deepspeed_config_json(g.example), format);
  out += "What happens: " + summarize(g.result, g.example.micro_steps) + ".\n\n";
  out += example_row(g, format);
  out += "Replay:\n\n" + code_block(replay_command(g.example, engine_option), format, "sh");
  return out;
}

std::string section(std::size_t number, const Finding& f, const SweepReport& report, const Engine& engine,
                    TableFormat format) {
  const Invariant* inv = find_invariant(f.invariant);
  std::string out = heading(std::to_string(number) + ". " + quoted(f.invariant, format), format);
  if (inv != nullptr) {
    out += "Invariant: " + std::string(inv->statement) + ".\nWhy: " + std::string(inv->why) + ".\n\n";
  }
  out +=
      "Broken by " + std::to_string(f.count) + " of the " + std::to_string(report.cases) + " swept cases, " +
      (f.causes.size() == 1 ? std::string("for one cause")
                            : "for " + std::to_string(f.causes.size()) + " distinct causes, simplest first") +
      ":\n\n";
  for (std::size_t i = 0; i < f.causes.size(); ++i) {
    out += "- " + quoted(f.causes[i].cause, format) + " (" + std::to_string(f.causes[i].count) + ")\n";
  }
  out += "\n";
  for (std::size_t i = 0; i < f.causes.size(); ++i) {
    out += cause_section(std::to_string(number) + "." + std::to_string(i + 1), f.causes[i],
                         engine.replay_option(), format);
  }
  return out;
}

// One top-k finding: the invariant, its count, the first problem in grid order, upstream's answer, replay.
std::string topk_section(const std::string& number, const TopkFinding& f, const TopkSweep& topk,
                         const std::string& profile, TableFormat format) {
  std::string out = heading(number + " " + quoted(f.invariant, format), format, 3);
  for (const TopkInvariant& inv : topk_invariants()) {
    if (inv.name == f.invariant)
      out += "Invariant: " + std::string(inv.statement) + ".\nWhy: " + std::string(inv.why) + ".\n\n";
  }
  auto recorded = topk_finding_json(f, profile);
  out += "Broken by " + std::to_string(f.count) + " of the " + std::to_string(topk.problems) +
         " problems. The first:\n\n" + code_block(recorded["example"].dump(), format) +
         "Upstream's answer (`zfcheck topk --impl both`):\n\n" +
         code_block(recorded["answer"].dump(), format) + "Replay:\n\n" +
         code_block(recorded["replay"].get<std::string>(), format, "sh");
  return out;
}

std::string topk_part(const TopkSweep& topk, const std::string& profile, TableFormat format) {
  std::string out = heading("Top-k selection", format);
  out +=
      "zfcheck ran upstream's column selection (its CPU model) under this profile's selection rules on the " +
      std::to_string(topk.problems) + " problems of its top-k grid; " + std::to_string(topk.findings.size()) +
      (topk.findings.size() == 1 ? " top-k invariant is" : " top-k invariants are") +
      " broken. Each shows the first problem in grid order that breaks it (docs/topk-format.md), upstream's "
      "answer and the command that replays it.\n\n";
  for (std::size_t i = 0; i < topk.findings.size(); ++i)
    out += topk_section("T" + std::to_string(i + 1), topk.findings[i], topk, profile, format);
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
  out +=
      "Profile: " + engine.summary() + ". zfcheck evaluated the " + std::to_string(report.cases) +
      " cases of its sweep grid through " + engine.evaluator() + "; " +
      std::to_string(report.findings.size()) +
      (report.findings.size() == 1 ? " invariant is" : " invariants are") +
      " broken. Each section lists the distinct causes of its breakage (docs/causes.md: the error, or the "
      "path that produced the schedule, whatever the numbers), and for each the simplest case (fewest keys "
      "written, then values of the declared types, then the smallest values) with the command that replays "
      "it.\n\n";
  for (std::size_t i = 0; i < report.findings.size(); ++i)
    out += section(i + 1, report.findings[i], report, engine, format);
  if (report.topk) out += topk_part(*report.topk, report.profile, format);
  return out;
}

}  // namespace zfcheck
