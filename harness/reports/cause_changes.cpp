// Comparing two profiles' causes, invariant by invariant.
#include "harness/reports/cause_changes.hpp"

#include "harness/io/case_io.hpp"

#include <algorithm>

namespace zfcheck {

std::string_view cause_status_name(CauseStatus status) {
  switch (status) {
    case CauseStatus::fixed:
      return "fixed";
    case CauseStatus::introduced:
      return "introduced";
    case CauseStatus::remaining:
      return "remaining";
  }
  return "unknown";
}

std::vector<CauseChange> cause_changes(const CauseTallies& from, const CauseTallies& to) {
  std::vector<CauseChange> out;
  const auto all = invariants();
  for (std::size_t i = 0; i < all.size(); ++i) {
    std::vector<CauseGroup> before = from.causes(i);
    std::vector<CauseGroup> after = to.causes(i);
    std::vector<CauseChange> changes;
    for (const CauseGroup& b : before) {
      auto it =
          std::find_if(after.begin(), after.end(), [&](const CauseGroup& a) { return a.cause == b.cause; });
      if (it == after.end()) {
        changes.push_back(
            CauseChange{CauseStatus::fixed, std::string(all[i].name), b.cause, b.count, 0, b.example});
      }
    }
    for (const CauseGroup& a : after) {
      auto it =
          std::find_if(before.begin(), before.end(), [&](const CauseGroup& b) { return a.cause == b.cause; });
      CauseStatus status = it == before.end() ? CauseStatus::introduced : CauseStatus::remaining;
      changes.push_back(CauseChange{status, std::string(all[i].name), a.cause,
                                    it == before.end() ? 0 : it->count, a.count, a.example});
    }
    // Causes come simplest first from each side; the sort keeps that order within a status.
    std::stable_sort(changes.begin(), changes.end(),
                     [](const CauseChange& x, const CauseChange& y) { return x.status < y.status; });
    std::move(changes.begin(), changes.end(), std::back_inserter(out));
  }
  return out;
}

py::Value cause_change_to_value(const CauseChange& change) {
  py::Dict d;
  d.set(py::Str{"status"}, std::string(cause_status_name(change.status)));
  d.set(py::Str{"invariant"}, change.invariant);
  d.set(py::Str{"cause"}, change.cause);
  d.set(py::Str{"from_count"}, py::Int(change.from_count));
  d.set(py::Str{"to_count"}, py::Int(change.to_count));
  d.set(py::Str{"example"}, case_to_value(change.example));
  return d;
}

}  // namespace zfcheck
