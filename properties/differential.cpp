// The profile-pair property bodies: evaluate under both, compare every result field, allow the named cases.
#include "properties/differential.hpp"

#include "harness/conformance.hpp"
#include "harness/result_json.hpp"
#include "reference/py_json.hpp"

namespace zfcheck::props {

namespace {

const Profile& builtin(std::string_view name) {
  for (const Profile& p : builtin_profiles()) {
    if (p.name == name) return p;
  }
  throw std::logic_error("no builtin profile " + std::string(name));
}

// Every eval-format field but the profile name; nothing when the results agree.
Verdict differences(const Result& a, const Result& b) {
  auto diffs = compare_results(result_to_value(a), result_to_value(b));
  if (diffs.empty()) return std::nullopt;
  std::string out = a.profile + " and " + b.profile + " differ on";
  for (const auto& d : diffs) out += " " + d.field + " (" + py::to_json(d.model) + " vs " + py::to_json(d.upstream) + ")";
  return out;
}

bool steps_per_epoch_below_1(const Result& r) {
  return r.config && r.config->steps_per_epoch && *r.config->steps_per_epoch < 1;
}

}  // namespace

Verdict fix_commit_changes_only_its_cases(const Case& c) {
  Result first = evaluate(c, builtin("pr-8456-4ffc94ea"));
  if (steps_per_epoch_below_1(first) || c.dataloader_len == 0) return std::nullopt;
  return differences(first, evaluate(c, builtin("pr-8456")));
}

Verdict dataloader_callers_see_no_change(const Case& c) {
  if (!c.dataloader_len || *c.dataloader_len == 0) return std::nullopt;
  Result before = evaluate(c, builtin("deepspeed-8274"));
  Result after = evaluate(c, builtin("pr-8456"));
  if (before.outcome == Outcome::config_error || after.outcome == Outcome::config_error) return std::nullopt;
  if (before.error && before.error->type == "Warning") return std::nullopt;
  return differences(before, after);
}

}  // namespace zfcheck::props
