// Review = resolution table + the two sweeps' findings matched by invariant + the diff's groups.
#include "harness/reports/engine_review.hpp"

#include "harness/reports/findings_report.hpp"
#include "harness/reports/resolution_table.hpp"
#include "harness/checks/result_summary.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/result_json.hpp"
#include "harness/io/replay_command.hpp"
#include "harness/io/report_text.hpp"
#include "reference/py_json.hpp"

#include <map>

namespace zfcheck {


Review review_engines(const SweepGrid& grid, const Engine& base, const Engine& head, TableFormat table_format,
                      Progress* progress) {
  Review review{base.name(), head.name(), {}, {}, diff_profiles(grid, base, head, progress), false, {}};
  review.table = render_resolution_table(resolution_table_cases(40), {&base, &head}, 40, table_format);
  SweepReport before = sweep(grid, base);
  SweepReport after = sweep(grid, head);
  std::map<std::string, const Finding*> base_findings;
  for (const Finding& f : before.findings) base_findings[f.invariant] = &f;
  for (const Finding& f : after.findings) {
    auto it = base_findings.find(f.invariant);
    bool old = it != base_findings.end();
    review.invariants.push_back(
        {f.invariant, old ? "still broken" : "introduced", old ? it->second->count : 0, f.count, f.example, f.result});
    review.introduced = review.introduced || !old;
    if (old) base_findings.erase(it);
  }
  for (const auto& [name, f] : base_findings)
    review.invariants.push_back({name, "fixed", f->count, 0, f->example, f->result});
  // A cause the base did not have is a finding too, even of an invariant the base already broke (a new
  // field's defect): as for diff's exit status.
  for (const CauseChange& c : review.diff.causes) review.introduced |= c.status == CauseStatus::introduced;
  return review;
}

std::string render_review(const Review& r, TableFormat format, const std::string& base_option,
                          const std::string& head_option) {
  std::string out = heading("ZenFlow review: " + r.base + " -> " + r.head, format, 1);
  out += heading("Resolution table (cells: resolved select_interval / selections in 40 micro-steps / warning)",
                 format);
  out += r.table + "\n";
  out += heading("Invariants", format);
  if (r.invariants.empty()) out += "No invariant is broken on either side.\n\n";
  for (const InvariantChange& c : r.invariants) {
    const bool fixed = c.status == "fixed";
    out += heading(quoted(c.invariant, format) + ": " + c.status + " (" + std::to_string(c.base_count) +
                       " cases under base, " + std::to_string(c.head_count) + " under head)",
                   format, 3);
    out += "Simplest case" + std::string(fixed ? " under base" : "") + ", as a DeepSpeed config:\n\n" +
           code_block(deepspeed_config_json(c.example), format);
    out += "Result: " + summarize(c.result, c.example.micro_steps) + "\n\nReplay:\n\n" +
           code_block(replay_command(c.example, fixed ? base_option : head_option), format, "sh");
  }
  out += heading("Causes (docs/causes.md)", format);
  if (r.diff.causes.empty()) out += "No cause on either side.\n\n";
  for (const CauseChange& c : r.diff.causes) {
    const bool fixed = c.status == CauseStatus::fixed;
    out += (format == TableFormat::markdown ? "- " : "  ") + std::string(cause_status_name(c.status)) + ": " +
           quoted(c.invariant, format) + ", " + quoted(c.cause, format) + " (" + std::to_string(c.from_count) +
           " -> " + std::to_string(c.to_count) + " cases); replay: " +
           quoted(replay_command(c.example, fixed ? base_option : head_option), format) + "\n";
  }
  out += "\n" + heading("Behaviour changes (" + std::to_string(r.diff.differing) + " of " +
                            std::to_string(r.diff.cases) + " grid cases)",
                        format);
  for (const DiffGroup& g : r.diff.groups) {
    out += (format == TableFormat::markdown ? "- " : "  ") + std::to_string(g.count) + " cases: " + g.change + "\n";
    out += "    example: " + case_line(g.example) + "\n";
    out += "    base: " + summarize(g.from, g.example.micro_steps) + "\n";
    out += "    head: " + summarize(g.to, g.example.micro_steps) + "\n";
  }
  for (const NewField& f : r.new_fields) {
    std::string values;
    for (const std::string& v : f.values) values += (values.empty() ? "" : ", ") + v;
    out += "\nNew field " + quoted(f.name, format) + " (" + f.annotation + "), which the model does not know: tried " +
           values + " (" + std::to_string(f.cases) + " cases, each with the grid's coercion corners).\n";
  }
  out += r.introduced ? "\nThe head introduces a finding the base did not have.\n" : "\nThe head introduces no finding.\n";
  return out;
}

std::string review_json(const Review& r) {
  std::string out = "{\"base\":";
  py::write_json_string(out, r.base);
  out += ",\"head\":";
  py::write_json_string(out, r.head);
  out += std::string(",\"introduced\":") + (r.introduced ? "true" : "false") + ",\"invariants\":[";
  for (std::size_t i = 0; i < r.invariants.size(); ++i) {
    const InvariantChange& c = r.invariants[i];
    py::Dict d;
    d.set(py::Str{"invariant"}, c.invariant);
    d.set(py::Str{"status"}, c.status);
    d.set(py::Str{"base_count"}, py::Int(c.base_count));
    d.set(py::Str{"head_count"}, py::Int(c.head_count));
    d.set(py::Str{"example"}, case_to_value(c.example));
    d.set(py::Str{"result"}, result_to_value(c.result));
    out += (i == 0 ? "\n" : ",\n") + py::to_json(d);
  }
  out += "\n],\"diff\":" + profile_diff_json(r.diff);
  if (!r.new_fields.empty()) {
    py::List fields;
    for (const NewField& f : r.new_fields) {
      py::Dict d;
      d.set(py::Str{"name"}, f.name);
      d.set(py::Str{"annotation"}, f.annotation);
      py::List values;
      for (const std::string& v : f.values) values.push_back(*py::parse_json(v));
      d.set(py::Str{"values"}, std::move(values));
      d.set(py::Str{"cases"}, py::Int(f.cases));
      fields.push_back(std::move(d));
    }
    out += ",\"new_fields\":" + py::to_json(py::Value(std::move(fields)));
  }
  out += "}\n";
  return out;
}

}  // namespace zfcheck
