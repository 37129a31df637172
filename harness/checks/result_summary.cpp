// Short text forms of results for sweep, diff and report output.
#include "harness/checks/result_summary.hpp"

#include "harness/checks/warning_meaning.hpp"

#include <algorithm>
#include <iterator>

namespace zfcheck {

namespace {

constexpr std::size_t kListedSelections = 10;

std::string selections_text(const std::vector<std::int64_t>& selections, std::int64_t micro_steps) {
  std::string out = std::to_string(selections.size()) +
                    (selections.size() == 1 ? " selection" : " selections") + " in " +
                    std::to_string(micro_steps) + " micro-steps [";
  for (std::size_t i = 0; i < selections.size() && i < kListedSelections; ++i) {
    out += (i ? ", " : "") + std::to_string(selections[i]);
  }
  if (selections.size() > kListedSelections) out += ", ...";
  return out + "]";
}

// Distinct labels in order of first logging, with how often each was logged when more than once (the
// engine and the optimizer copy may each log the same warning).
std::string warnings_text(const std::vector<std::string>& warnings) {
  if (warnings.empty()) return "no warning";
  std::vector<std::string> labels = warning_labels(warnings);
  std::string out = "warned: ";
  for (std::size_t i = 0; i < labels.size(); ++i) {
    auto first = labels.begin() + static_cast<std::ptrdiff_t>(i);
    if (std::find(labels.begin(), first, labels[i]) != first) continue;
    auto times = std::count(labels.begin(), labels.end(), labels[i]);
    out += (i ? ", " : "") + labels[i] + (times > 1 ? " x" + std::to_string(times) : "");
  }
  return out;
}

}  // namespace

std::string outcome_label(const Result& r) {
  if (r.outcome == Outcome::ok) return r.zenflow_enabled ? "ok" : "ZenFlow off";
  std::string out(outcome_name(r.outcome));
  if (r.error) out += " (" + r.error->type + ")";
  return out;
}

std::string summarize(const Result& r, std::int64_t micro_steps) {
  if (r.outcome != Outcome::ok) {
    std::string out(outcome_name(r.outcome));
    if (r.error) {
      out += " " + r.error->type;
      if (r.error->field) out += " (" + *r.error->field + ")";
      out += ": " + r.error->message;
    }
    return out;
  }
  if (!r.zenflow_enabled || !r.resolved || !r.engine) return "ZenFlow off";
  const Resolved& s = *r.resolved;
  std::string out = s.select_strategy == "epoch" ? "epoch strategy, " : "step strategy, ";
  out += "select_interval " + py::to_decimal(s.select_interval) + " (engine " +
         py::to_decimal(r.engine->select_interval) + "), update_interval " +
         (s.auto_update ? std::string("auto") : py::to_decimal(s.update_interval)) + ", warm-up " +
         py::to_decimal(s.full_warm_up_rounds) + ": ";
  return out + selections_text(r.selections, micro_steps) + "; " + warnings_text(r.warnings);
}

std::optional<std::string> runner_failure(const Result& r) {
  if (r.outcome != Outcome::unmodelled || !r.error) return std::nullopt;
  for (std::string_view type : {"RunnerStandIn", "RunnerError"}) {
    if (r.error->type == type) return r.error->type + ": " + r.error->message;
  }
  return std::nullopt;
}

void NotEvaluated::add(const std::string& reason) {
  ++count;
  auto it = std::find_if(reasons.begin(), reasons.end(), [&](const auto& r) { return r.first == reason; });
  if (it == reasons.end()) it = reasons.insert(reasons.end(), {reason, 0});
  ++it->second;
  for (; it != reasons.begin() && std::prev(it)->second < it->second; --it) std::iter_swap(it, std::prev(it));
}

std::string NotEvaluated::summary(std::size_t listed) const {
  if (count == 0) return "";
  std::string out = std::to_string(count) + (count == 1 ? " case" : " cases") +
                    " not evaluated (the runner could not answer them: ";
  for (std::size_t i = 0; i < reasons.size() && i < listed; ++i) {
    out += (i ? "; " : "") + reasons[i].first + " (" + std::to_string(reasons[i].second) +
           (reasons[i].second == 1 ? " case)" : " cases)");
  }
  if (reasons.size() > listed) out += "; " + std::to_string(reasons.size() - listed) + " more reasons";
  return out + ")";
}

py::Value NotEvaluated::to_value() const {
  py::List listed;
  for (const auto& [reason, cases] : reasons) {
    py::Dict r;
    r.set(py::Str{"reason"}, reason);
    r.set(py::Str{"count"}, py::Int(cases));
    listed.push_back(std::move(r));
  }
  py::Dict d;
  d.set(py::Str{"count"}, py::Int(count));
  d.set(py::Str{"reasons"}, std::move(listed));
  return d;
}

}  // namespace zfcheck
