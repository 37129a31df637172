// Classifying how a case's result changed between two profiles, and grouping the grid by it.
#include "harness/reports/profile_diff.hpp"

#include "harness/checks/result_summary.hpp"
#include "harness/checks/warning_meaning.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/report_json.hpp"
#include "harness/io/result_json.hpp"
#include "reference/py_json.hpp"

#include <algorithm>

namespace zfcheck {

namespace {

std::string sign_class(const py::Int& v) { return v < 0 ? "negative" : v == 0 ? "0" : "positive"; }

std::string sign_class(const std::optional<py::Int>& v) { return v ? sign_class(*v) : "unset"; }

std::string count_class(std::size_t n) { return n == 0 ? "none" : n == 1 ? "once" : "repeats"; }

// "what from -> to", or "what from -> another from" when both fall in one class.
template <class T, class Classify>
void compare_value(std::vector<std::string>& parts, std::string_view what, const T& a, const T& b,
                   Classify classify) {
  if (a == b) return;
  std::string ca = classify(a);
  std::string cb = classify(b);
  parts.push_back(std::string(what) + " " + ca + " -> " + (ca == cb ? "another " + cb : cb));
}

// By label (what each warning says): one added or dropped is named; the same meanings in other words
// are a rewording, the same ones in another order a reordering.
void compare_warnings(std::vector<std::string>& parts, const std::vector<std::string>& a,
                      const std::vector<std::string>& b) {
  if (a == b) return;
  std::vector<std::string> la = warning_labels(a), lb = warning_labels(b);
  std::vector<std::string> kinds;
  for (const auto* labels : {&la, &lb}) {
    for (const std::string& label : *labels) {
      if (std::find(kinds.begin(), kinds.end(), label) == kinds.end()) kinds.push_back(label);
    }
  }
  std::string change = "warnings";
  for (const std::string& label : kinds) {
    auto na = std::count(la.begin(), la.end(), label);
    auto nb = std::count(lb.begin(), lb.end(), label);
    if (nb > na) change += " +" + label;
    if (na > nb) change += " -" + label;
  }
  if (change == "warnings") {
    std::vector<std::string> sa = a, sb = b;
    std::sort(sa.begin(), sa.end());
    std::sort(sb.begin(), sb.end());
    change = sa == sb ? "warnings reordered" : "warnings reworded";
  }
  parts.push_back(change);
}

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

}  // namespace

std::string describe_change(const Result& from, const Result& to) {
  std::vector<std::string> parts;
  std::string outcome_from = outcome_label(from);
  std::string outcome_to = outcome_label(to);
  // A changed outcome is the whole story: what follows it (values, warnings) follows from it.
  if (outcome_from != outcome_to) return "outcome " + outcome_from + " -> " + outcome_to;
  if (from.error != to.error) {
    parts.push_back("error message of " + outcome_from + " changed");
  }
  if (from.config != to.config && from.config && to.config) parts.push_back("validated config changed");
  if (from.resolved && to.resolved && from.engine && to.engine) {
    const Resolved& a = *from.resolved;
    const Resolved& b = *to.resolved;
    auto by_sign = [](const auto& v) { return sign_class(v); };
    if (a.select_strategy != b.select_strategy) {
      parts.push_back("strategy " + std::string(a.select_strategy) + " -> " + std::string(b.select_strategy));
    }
    compare_value(parts, "select_interval", a.select_interval, b.select_interval, by_sign);
    compare_value(parts, "engine select_interval", from.engine->select_interval, to.engine->select_interval,
                  by_sign);
    compare_value(parts, "update_interval", a.update_interval, b.update_interval, by_sign);
    compare_value(parts, "engine update_interval", from.engine->update_interval, to.engine->update_interval,
                  by_sign);
    if (a.auto_update != b.auto_update || from.engine->auto_update != to.engine->auto_update) {
      parts.push_back("auto_update changed");
    }
    compare_value(parts, "steps_per_epoch", a.steps_per_epoch, b.steps_per_epoch, by_sign);
    compare_value(parts, "warm-up", a.full_warm_up_rounds, b.full_warm_up_rounds, by_sign);
    compare_value(parts, "selections", from.selections, to.selections,
                  [](const std::vector<std::int64_t>& s) { return count_class(s.size()); });
  }
  compare_warnings(parts, from.warnings, to.warnings);
  return join(parts);
}

DiffTally::DiffTally(const Engine& from, const Engine& to, std::uint64_t cases)
    : from_engine_(from), to_engine_(to), diff_{from.name(), to.name(), cases, 0, {}, {}, {}} {}

void DiffTally::add(const Case& c, const Result& a, const Result& b) {
  std::optional<std::string> why = runner_failure(b);
  if (why) *why = to_engine_.name() + ": " + *why;
  if (!why && (why = runner_failure(a))) *why = from_engine_.name() + ": " + *why;
  if (why) {
    diff_.not_evaluated.add(*why);
    return;
  }
  from_.add(c, a);
  to_.add(c, b);
  std::string change = describe_change(a, b);
  if (change.empty()) return;
  ++diff_.differing;
  Tally& t = tallies_[change];
  ++t.count;
  t.simplest.offer(c, [&] { return std::pair{a, b}; });
}

ProfileDiff DiffTally::diff() const {
  ProfileDiff diff = diff_;
  for (const auto& [change, t] : tallies_) {
    diff.groups.push_back(DiffGroup{change, t.count, t.simplest.example(), t.simplest.payload().first,
                                    t.simplest.payload().second});
  }
  std::stable_sort(diff.groups.begin(), diff.groups.end(),
                   [](const DiffGroup& x, const DiffGroup& y) { return x.count > y.count; });
  diff.causes = cause_changes(from_.causes(), to_.causes());
  return diff;
}

ProfileDiff diff_profiles(const SweepGrid& grid, const Engine& from, const Engine& to, Progress* progress) {
  DiffTally tally(from, to, grid.size());
  for_each_result_pair(
      grid, from, to, [&](const Case& c, const Result& a, const Result& b) { tally.add(c, a, b); }, progress);
  return tally.diff();
}

std::string profile_diff_json(const ProfileDiff& diff) {
  ReportJson json;
  json.member("from", diff.from)
      .member("to", diff.to)
      .member("cases", py::Int(diff.cases))
      .member("differing", py::Int(diff.differing));
  if (diff.not_evaluated.count > 0) json.member("not_evaluated", diff.not_evaluated.to_value());
  std::vector<std::string> groups;
  for (const DiffGroup& g : diff.groups) {
    py::Dict d;
    d.set(py::Str{"change"}, g.change);
    d.set(py::Str{"count"}, py::Int(g.count));
    d.set(py::Str{"example"}, case_to_value(g.example));
    d.set(py::Str{"from"}, result_to_value(g.from));
    d.set(py::Str{"to"}, result_to_value(g.to));
    groups.push_back(py::to_json(d));
  }
  std::vector<std::string> causes;
  for (const CauseChange& c : diff.causes) causes.push_back(py::to_json(cause_change_to_value(c)));
  return json.records("groups", groups).records("causes", causes).text();
}

}  // namespace zfcheck
