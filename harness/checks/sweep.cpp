// The sweep loop and the JSON layout of its report.
#include "harness/checks/sweep.hpp"

#include "harness/io/case_io.hpp"
#include "harness/checks/invariants.hpp"
#include "harness/checks/minimal_order.hpp"
#include "harness/io/result_json.hpp"
#include "reference/py_json.hpp"

#include <bit>

namespace zfcheck {

SweepReport sweep(const SweepGrid& grid, const Engine& engine, Progress* progress) {
  const auto all = invariants();
  std::vector<std::uint64_t> counts(all.size());
  std::vector<Simplest<Result>> simplest(all.size());
  engine.for_each_result(
      grid,
      [&](const Case& c, const Result& r) {
        for (ViolationMask mask = violation_mask(c, r); mask != 0; mask &= mask - 1) {
          auto i = static_cast<std::size_t>(std::countr_zero(mask));
          ++counts[i];
          simplest[i].offer(c, [&] { return r; });
        }
      },
      progress);
  SweepReport report{engine.name(), grid.size(), {}};
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (counts[i] == 0) continue;
    report.findings.push_back(
        Finding{std::string(all[i].name), counts[i], simplest[i].example(), simplest[i].payload()});
  }
  return report;
}

py::Value finding_to_value(const Finding& f) {
  py::Dict d;
  d.set(py::Str{"invariant"}, f.invariant);
  d.set(py::Str{"count"}, py::Int(f.count));
  d.set(py::Str{"example"}, case_to_value(f.example));
  d.set(py::Str{"result"}, result_to_value(f.result));
  return d;
}

std::string sweep_report_json(const SweepReport& report) {
  std::string out = "{\"profile\":";
  py::write_json_string(out, report.profile);
  out += ",\"cases\":" + std::to_string(report.cases) + ",\"findings\":[";
  for (std::size_t i = 0; i < report.findings.size(); ++i) {
    out += i == 0 ? "\n" : ",\n";
    py::write_json(out, finding_to_value(report.findings[i]));
  }
  out += report.findings.empty() ? "]}\n" : "\n]}\n";
  return out;
}

}  // namespace zfcheck
