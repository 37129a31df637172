// The sweep loop and the JSON layout of its report.
#include "harness/checks/sweep.hpp"

#include "harness/checks/invariants.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/report_json.hpp"
#include "harness/io/result_json.hpp"
#include "reference/py_json.hpp"

#include <bit>

namespace zfcheck {

SweepTally::SweepTally() : counts_(invariants().size()) {}

void SweepTally::add(const Case& c, const Result& r) {
  ViolationMask broken = violation_mask(c, r);
  for (ViolationMask mask = broken; mask != 0; mask &= mask - 1) {
    ++counts_[static_cast<std::size_t>(std::countr_zero(mask))];
  }
  causes_.add(broken, c, r);
}

SweepReport SweepTally::report(const Engine& engine, std::uint64_t cases) const {
  SweepReport report{engine.name(), cases, {}, std::nullopt, not_evaluated_};
  if (const Switches* rules = engine.selection_rules()) report.topk = sweep_topk(*rules);
  const auto all = invariants();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (counts_[i] == 0) continue;
    // The simplest cause's example is the finding's: causes come simplest first.
    std::vector<CauseGroup> groups = causes_.causes(i);
    report.findings.push_back(Finding{std::string(all[i].name), counts_[i], groups.front().example,
                                      groups.front().result, std::move(groups)});
  }
  return report;
}

void SweepTally::add_answer(const Engine& engine, const Case& c, const Result& r) {
  if (auto why = runner_failure(r)) {
    add_not_evaluated(engine.name() + ": " + *why);
    return;
  }
  add(c, r);
}

SweepReport sweep(const SweepGrid& grid, const Engine& engine, Progress* progress) {
  SweepTally tally;
  engine.for_each_result(
      grid, [&](const Case& c, const Result& r) { tally.add_answer(engine, c, r); }, progress);
  return tally.report(engine, grid.size());
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
  ReportJson json;
  json.member("profile", report.profile).member("cases", py::Int(report.cases));
  if (report.not_evaluated.count > 0) json.member("not_evaluated", report.not_evaluated.to_value());
  std::vector<std::string> findings;
  for (const Finding& f : report.findings) findings.push_back(py::to_json(finding_to_value(f)));
  json.records("findings", findings);
  if (report.topk) {
    std::vector<std::string> topk_findings;
    for (const auto& f : report.topk->findings)
      topk_findings.push_back(topk_finding_json(f, report.profile).dump());
    json.member("topk_problems", py::Int(report.topk->problems)).records("topk_findings", topk_findings);
  }
  return json.text();
}

}  // namespace zfcheck
