// Expectations: taken from a result, read from and written to a seed, compared field by field.
#include "harness/corpus/expected_facts.hpp"

#include "harness/checks/invariants.hpp"
#include "harness/checks/warning_meaning.hpp"
#include "harness/io/result_diff.hpp"
#include "reference/deepspeed_warnings.hpp"
#include "reference/py_json.hpp"
#include "reference/setup.hpp"

#include <algorithm>
#include <array>

namespace zfcheck {

namespace {

constexpr SelectedField kFactFields[] = {{"outcome"},         {"error_type"}, {"select_interval"},
                                         {"selection_count"}, {"warnings"},   {"violations"}};

constexpr std::array<Outcome, 5> kSeedOutcomes{Outcome::ok, Outcome::config_error, Outcome::init_error,
                                               Outcome::step_error, Outcome::unmodelled};

py::Value text_list(const std::vector<std::string>& items) {
  py::List list;
  for (const std::string& s : items) list.emplace_back(s);
  return list;
}

std::size_t invariant_index(std::string_view name) {
  auto all = invariants();
  return static_cast<std::size_t>(
      std::find_if(all.begin(), all.end(), [&](const Invariant& i) { return i.name == name; }) - all.begin());
}

tl::unexpected<ShapeError> wrong(const ObjectShape& shape, std::string_view key, std::string reason) {
  return tl::unexpected(ShapeError{shape.path_of(key), std::move(reason)});
}

}  // namespace

ExpectedFacts expectation_of(const Case& c, const Result& r) {
  ExpectedFacts e;
  e.outcome = outcome_name(r.outcome);
  if (r.error) e.error_type = r.error->type;
  if (r.resolved) e.select_interval = r.resolved->select_interval;
  e.selection_count = static_cast<std::int64_t>(r.selections.size());
  e.warnings = warning_labels(r.warnings);
  for (std::string_view name : violations(c, r)) e.violations.emplace_back(name);
  return e;
}

py::Value expectation_to_value(const ExpectedFacts& e) {
  py::Dict d;
  d.set(py::Str{"outcome"}, e.outcome);
  d.set(py::Str{"error_type"}, e.error_type ? py::Value(*e.error_type) : py::Value(py::None{}));
  d.set(py::Str{"select_interval"},
        e.select_interval ? py::Value(*e.select_interval) : py::Value(py::None{}));
  d.set(py::Str{"selection_count"}, py::Int(e.selection_count));
  d.set(py::Str{"warnings"}, text_list(e.warnings));
  d.set(py::Str{"violations"}, text_list(e.violations));
  return d;
}

Shaped<ExpectedFacts> expectation_from_value(const py::Value& value, const std::string& path) {
  auto shape = ObjectShape::of(
      value, path, {"outcome", "error_type", "select_interval", "selection_count", "warnings", "violations"});
  if (!shape) return tl::unexpected(shape.error());
  ExpectedFacts e;
  auto outcome = shape->text("outcome");
  if (!outcome) return tl::unexpected(outcome.error());
  if (std::none_of(kSeedOutcomes.begin(), kSeedOutcomes.end(),
                   [&](Outcome o) { return outcome_name(o) == *outcome; }))
    return wrong(*shape, "outcome",
                 "must be one of ok, config_error, init_error, step_error, unmodelled, not " + *outcome);
  e.outcome = *outcome;
  auto error_type = shape->text_or_null("error_type");
  if (!error_type) return tl::unexpected(error_type.error());
  e.error_type = *error_type;
  auto select_interval = shape->int_or_null("select_interval");
  if (!select_interval) return tl::unexpected(select_interval.error());
  e.select_interval = *select_interval;
  auto count = shape->integer("selection_count");
  if (!count) return tl::unexpected(count.error());
  auto small = py::to_int64(*count);
  if (!small || *small < 0) return wrong(*shape, "selection_count", "must be an integer >= 0");
  e.selection_count = *small;
  auto warnings = shape->texts("warnings");
  if (!warnings) return tl::unexpected(warnings.error());
  for (const std::string& w : *warnings) {
    if (std::none_of(kSetupWarnings.begin(), kSetupWarnings.end(),
                     [&](SetupWarning k) { return warning_id(k) == w; }) &&
        !is_deepspeed_config_warning(w))
      return wrong(*shape, "warnings", "neither a warning id nor a warning DeepSpeedConfig logs: " + w);
  }
  e.warnings = std::move(*warnings);
  auto names = shape->texts("violations");
  if (!names) return tl::unexpected(names.error());
  for (const std::string& n : *names) {
    if (find_invariant(n) == nullptr) return wrong(*shape, "violations", "unknown invariant " + n);
    if (std::count(names->begin(), names->end(), n) > 1)
      return wrong(*shape, "violations", n + " is listed twice");
  }
  std::sort(names->begin(), names->end(), [](const std::string& a, const std::string& b) {
    return invariant_index(a) < invariant_index(b);
  });
  e.violations = std::move(*names);
  return e;
}

std::vector<FactDifference> differences(const ExpectedFacts& expected, const ExpectedFacts& actual) {
  std::vector<FactDifference> out;
  for (FieldDifference& d : field_differences(expectation_to_value(expected), expectation_to_value(actual), kFactFields))
    out.push_back({std::move(d.field), py::to_json(d.left), py::to_json(d.right)});
  return out;
}

}  // namespace zfcheck
