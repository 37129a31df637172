// The cause of a broken invariant (docs/causes.md) and the grouping of a finding's cases by cause.
#include "harness/checks/causes.hpp"

#include "harness/checks/warning_meaning.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <map>
#include <stdexcept>

namespace zfcheck {

namespace {

// The parts of a result a cause can name; each invariant names those its predicate reads.
enum Aspect : unsigned {
  kError = 1U << 0,        // the error's type, field and normalised message
  kStrategy = 1U << 1,     // select_strategy as configured, and as resolved when they differ
  kEpochLength = 1U << 2,  // under the epoch strategy: where the epoch length came from
  kSelect = 1U << 3,       // the configured select_interval and the sign it resolved to
  kUpdate = 1U << 4,       // the configured update_interval
  kWarmUp = 1U << 5,       // the sign of full_warm_up_rounds
  kWarnings = 1U << 6,     // the warning ids logged
  kAgreement = 1U << 7,    // which values the engine and the optimizer disagree on
};

struct InvariantAspects {
  std::string_view invariant;
  unsigned aspects;
};

constexpr std::array kAspects{
    InvariantAspects{"reselects-or-warns", kStrategy | kEpochLength | kSelect | kWarnings},
    InvariantAspects{"selects-at-least-once", kStrategy | kEpochLength | kSelect | kWarmUp},
    InvariantAspects{"interval-not-negative", kStrategy | kEpochLength | kSelect},
    InvariantAspects{"epoch-means-epochs", kStrategy | kEpochLength | kSelect},
    InvariantAspects{"engine-and-optimizer-agree", kStrategy | kEpochLength | kAgreement},
    InvariantAspects{"setup-never-raises", kError},
    InvariantAspects{"warnings-do-not-abort", kError},
    InvariantAspects{"warm-up-not-negative", kWarmUp},
    InvariantAspects{"gradient-accumulation-positive", kUpdate},
    InvariantAspects{"gradient-accumulation-honoured", kUpdate},
};

unsigned aspects_of(const Invariant& invariant) {
  for (const InvariantAspects& entry : kAspects) {
    if (entry.invariant == invariant.name) return entry.aspects;
  }
  throw std::logic_error("no cause aspects for invariant " + std::string(invariant.name));
}

std::string_view sign(const py::Int& v) { return v < 0 ? "negative" : v == 0 ? "0" : "positive"; }

std::string_view configured(const StrOrInt& v) {
  const py::Int* i = std::get_if<py::Int>(&v);
  return i ? sign(*i) : "\"auto\"";
}

std::string strategy_part(const ZenFlowConfig& config, const Resolved& resolved) {
  std::string out = "strategy " + config.select_strategy.text;
  if (!(config.select_strategy == resolved.select_strategy))
    out += " (" + std::string(resolved.select_strategy) + ")";
  return out;
}

// The epoch length set-up ended with (steps_per_epoch after the engine assigned the dataloader's
// length, if it did), by sign, and where it came from.
std::string epoch_length_part(const Case& c, const ZenFlowConfig& config, const Resolved& resolved) {
  if (!resolved.steps_per_epoch) return "no epoch length";
  // The dataloader wins when it gave a positive length; an empty one only when set-up assigned it.
  bool assigned = c.dataloader_len && *resolved.steps_per_epoch == *c.dataloader_len &&
                  (*c.dataloader_len > 0 || resolved.steps_per_epoch != config.steps_per_epoch);
  return "epoch length " + std::string(sign(*resolved.steps_per_epoch)) + " from " +
         (assigned ? "the dataloader" : "steps_per_epoch");
}

// The configured select_interval where it decides the outcome, else `any`, and the sign it resolved to.
// Auto overrides it (the warnings say whether it was an integer); a nonzero one resolved to 0 was
// multiplied by an epoch length of 0 or none, which the epoch length part says.
std::string select_part(const ZenFlowConfig& config, const Resolved& resolved) {
  const py::Int* value = std::get_if<py::Int>(&config.select_interval);
  bool decides = !(config.select_strategy == "auto") &&
                 !(value != nullptr && *value != 0 && resolved.select_interval == 0);
  return "select_interval " + std::string(decides ? configured(config.select_interval) : "any") + " -> " +
         std::string(sign(resolved.select_interval));
}

// The distinct warning labels: the model's meanings in their fixed order, then other texts as logged.
std::vector<std::string> distinct_labels(const std::vector<std::string>& warnings) {
  std::vector<std::string> labels = warning_labels(warnings);
  std::vector<std::string> out;
  for (SetupWarning w : kSetupWarnings) {
    std::string id(warning_id(w));
    if (std::find(labels.begin(), labels.end(), id) != labels.end()) out.push_back(id);
  }
  for (const std::string& label : labels) {
    if (std::find(out.begin(), out.end(), label) == out.end()) out.push_back(label);
  }
  return out;
}

std::string warnings_part(const std::vector<std::string>& warnings) {
  std::string out;
  for (const std::string& label : distinct_labels(warnings)) out += (out.empty() ? "warns " : ", ") + label;
  return out.empty() ? "no warning" : out;
}

std::string agreement_part(const Resolved& optimizer, const EngineView& engine) {
  std::string out;
  auto note = [&](bool differs, std::string_view what) {
    if (differs) out += (out.empty() ? "engine differs in " : ", ") + std::string(what);
  };
  note(engine.select_interval != optimizer.select_interval, "select_interval");
  note(engine.update_interval != optimizer.update_interval, "update_interval");
  note(engine.auto_update != optimizer.auto_update, "auto_update");
  return out;
}

std::string schedule_cause(unsigned aspects, const Case& c, const Result& r) {
  if (!r.config || !r.resolved || !r.engine) return "outcome " + std::string(outcome_name(r.outcome));
  const ZenFlowConfig& config = *r.config;
  const Resolved& resolved = *r.resolved;
  std::vector<std::string> parts;
  if (aspects & kStrategy) parts.push_back(strategy_part(config, resolved));
  if ((aspects & kEpochLength) && resolved.select_strategy == "epoch")
    parts.push_back(epoch_length_part(c, config, resolved));
  if (aspects & kSelect) parts.push_back(select_part(config, resolved));
  if (aspects & kUpdate)
    parts.push_back("update_interval " + std::string(configured(config.update_interval)));
  if (aspects & kWarmUp)
    parts.push_back("full_warm_up_rounds " + std::string(sign(resolved.full_warm_up_rounds)));
  if (aspects & kAgreement) parts.push_back(agreement_part(resolved, *r.engine));
  if (aspects & kWarnings) parts.push_back(warnings_part(r.warnings));
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : "; ") + p;
  return out;
}

bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

}  // namespace

std::string error_cause(const Error& error) {
  std::string out = error.type + (error.field ? " on " + *error.field : "") + ": ";
  const std::string& m = error.message;
  for (std::size_t i = 0; i < m.size();) {
    if (!is_digit(m[i])) {
      out += m[i++];
      continue;
    }
    std::size_t end = i;
    while (end < m.size() &&
           (is_digit(m[end]) || (m[end] == '.' && end + 1 < m.size() && is_digit(m[end + 1])))) {
      ++end;
    }
    // A digit run inside a word (int64) is part of the text, not a number; a number's sign goes with it.
    if (i > 0 && (std::isalpha(static_cast<unsigned char>(m[i - 1])) || m[i - 1] == '_')) {
      out.append(m, i, end - i);
    } else {
      if (i > 0 && m[i - 1] == '-') out.pop_back();
      out += 'N';
    }
    i = end;
  }
  return out;
}

std::string cause_of(const Invariant& invariant, const Case& c, const Result& r) {
  unsigned aspects = aspects_of(invariant);
  if (aspects & kError) {
    return r.error ? error_cause(*r.error) : "outcome " + std::string(outcome_name(r.outcome));
  }
  return schedule_cause(aspects, c, r);
}

namespace {

unsigned sign_code(const py::Int& v) { return v < 0 ? 1U : v == 0 ? 2U : 3U; }

unsigned configured_code(const StrOrInt& v) {
  const py::Int* i = std::get_if<py::Int>(&v);
  return i ? sign_code(*i) : 0U;
}

// A key for the sweep's hot loop, cheaper than the cause's text and at least as fine: cases with one
// key have one cause (cause_of reads nothing the key leaves out), so groups by key merge into groups by
// cause. Errors key on their exact type, field and message; schedules on the classes cause_of reads.
std::string fine_key(const Case& c, const Result& r) {
  if (r.error) return r.error->type + '\0' + r.error->field.value_or("") + '\0' + r.error->message;
  if (!r.config || !r.resolved || !r.engine) return std::string(outcome_name(r.outcome));
  const ZenFlowConfig& config = *r.config;
  const Resolved& resolved = *r.resolved;
  std::uint64_t k = config.select_strategy == "auto" ? 0U : config.select_strategy == "step" ? 1U : 2U;
  auto put = [&](unsigned bits, unsigned value) { k = (k << bits) | value; };
  put(1, resolved.select_strategy == "epoch");
  put(2, resolved.steps_per_epoch ? sign_code(*resolved.steps_per_epoch) : 0U);
  put(1, c.dataloader_len && resolved.steps_per_epoch && *resolved.steps_per_epoch == *c.dataloader_len);
  put(1, c.dataloader_len && *c.dataloader_len > 0);
  put(1, resolved.steps_per_epoch != config.steps_per_epoch);
  put(2, configured_code(config.select_interval));
  put(2, sign_code(resolved.select_interval));
  put(2, configured_code(config.update_interval));
  put(2, sign_code(resolved.full_warm_up_rounds));
  put(1, r.engine->select_interval != resolved.select_interval);
  put(1, r.engine->update_interval != resolved.update_interval);
  put(1, r.engine->auto_update != resolved.auto_update);
  std::string key(reinterpret_cast<const char*>(&k), sizeof k);
  if (!r.warnings.empty()) {
    for (const std::string& label : distinct_labels(r.warnings)) key += '\0' + label;
  }
  return key;
}

}  // namespace

CauseTallies::CauseTallies() : by_invariant_(invariants().size()) {}

void CauseTallies::add(ViolationMask broken, const Case& c, const Result& r) {
  if (broken == 0) return;
  std::string key = fine_key(c, r);
  for (std::size_t i = 0; i < by_invariant_.size(); ++i) {
    if (!(broken & (ViolationMask{1} << i))) continue;
    Tally& tally = by_invariant_[i][key];
    ++tally.count;
    tally.simplest.offer(c, [&] { return r; });
  }
}

std::vector<CauseGroup> CauseTallies::causes(std::size_t index) const {
  const Invariant& invariant = invariants()[index];
  std::map<std::string, CauseGroup> by_cause;
  for (const auto& [key, tally] : by_invariant_.at(index)) {
    std::string cause = cause_of(invariant, tally.simplest.example(), tally.simplest.payload());
    auto [it, fresh] =
        by_cause.try_emplace(cause, CauseGroup{cause, 0, tally.simplest.example(), tally.simplest.payload()});
    it->second.count += tally.count;
    if (!fresh && simpler(tally.simplest.example(), it->second.example)) {
      it->second.example = tally.simplest.example();
      it->second.result = tally.simplest.payload();
    }
  }
  std::vector<CauseGroup> out;
  for (auto& [cause, group] : by_cause) out.push_back(std::move(group));
  std::sort(out.begin(), out.end(),
            [](const CauseGroup& a, const CauseGroup& b) { return simpler(a.example, b.example); });
  return out;
}

}  // namespace zfcheck
