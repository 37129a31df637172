// The sweep loop and the JSON layout of its report.
#include "harness/checks/sweep.hpp"

#include "harness/io/case_io.hpp"
#include "harness/checks/invariants.hpp"
#include "harness/io/result_json.hpp"
#include "reference/py_json.hpp"

#include <bit>

namespace zfcheck {

SweepReport sweep(const SweepGrid& grid, const Engine& engine, Progress* progress,
                  const std::vector<bool>* skipped) {
  const auto all = invariants();
  std::vector<std::uint64_t> counts(all.size());
  CauseTallies causes;
  NotEvaluated not_evaluated;
  std::uint64_t index = 0;
  engine.for_each_result(
      grid,
      [&](const Case& c, const Result& r) {
        if (skipped != nullptr && (*skipped)[index++]) return;
        if (auto why = runner_failure(r)) {
          not_evaluated.add(engine.name() + ": " + *why);
          return;
        }
        ViolationMask broken = violation_mask(c, r);
        for (ViolationMask mask = broken; mask != 0; mask &= mask - 1) {
          ++counts[static_cast<std::size_t>(std::countr_zero(mask))];
        }
        causes.add(broken, c, r);
      },
      progress);
  SweepReport report{engine.name(), grid.size(), {}, std::nullopt, std::move(not_evaluated)};
  if (const Switches* rules = engine.selection_rules()) report.topk = sweep_topk(*rules);
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (counts[i] == 0) continue;
    // The simplest cause's example is the finding's: causes come simplest first.
    std::vector<CauseGroup> groups = causes.causes(i);
    report.findings.push_back(Finding{std::string(all[i].name), counts[i], groups.front().example,
                                      groups.front().result, std::move(groups)});
  }
  return report;
}

namespace {

// {"<key>": name, "count", "example", "result"}: what a finding and each of its causes say first.
py::Dict counted_example(const char* key, const std::string& name, std::uint64_t count, const Case& example,
                         const Result& result) {
  py::Dict d;
  d.set(py::Str{key}, name);
  d.set(py::Str{"count"}, py::Int(count));
  d.set(py::Str{"example"}, case_to_value(example));
  d.set(py::Str{"result"}, result_to_value(result));
  return d;
}

}  // namespace

py::Value finding_to_value(const Finding& f) {
  py::Dict d = counted_example("invariant", f.invariant, f.count, f.example, f.result);
  py::List causes;
  for (const CauseGroup& g : f.causes) causes.push_back(cause_to_value(g));
  d.set(py::Str{"causes"}, std::move(causes));
  return d;
}

py::Value cause_to_value(const CauseGroup& g) {
  return counted_example("cause", g.cause, g.count, g.example, g.result);
}

std::string sweep_report_json(const SweepReport& report) {
  std::string out = "{\"profile\":";
  py::write_json_string(out, report.profile);
  out += ",\"cases\":" + std::to_string(report.cases);
  if (report.not_evaluated.count > 0) {
    out += ",\"not_evaluated\":";
    py::write_json(out, report.not_evaluated.to_value());
  }
  out += ",\"findings\":[";
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    out += i == 0 ? "\n" : ",\n";
    py::write_json(out, finding_to_value(report.findings[i]));
  }
  out += report.findings.empty() ? "]" : "\n]";
  if (report.topk) {
    out += ",\"topk_problems\":" + std::to_string(report.topk->problems) + ",\"topk_findings\":[";
    for (std::size_t i = 0; i < report.topk->findings.size(); ++i)
      out += (i == 0 ? "\n" : ",\n") + topk_finding_json(report.topk->findings[i], report.profile).dump();
    out += report.topk->findings.empty() ? "]" : "\n]";
  }
  return out + "}\n";
}

}  // namespace zfcheck
