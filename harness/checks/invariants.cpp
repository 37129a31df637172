// The schedule and set-up invariants of docs/invariants.md, plus the ones zfcheck adds, as predicates.
#include "harness/checks/invariants.hpp"

#include "harness/checks/warning_meaning.hpp"
#include "reference/pydantic_lax.hpp"

#include <algorithm>
#include <array>

namespace zfcheck {

namespace {

// The result of a set-up that finished with ZenFlow on: where most invariants apply.
bool running(const Result& r) {
  return r.outcome == Outcome::ok && r.zenflow_enabled && r.resolved && r.engine;
}

bool reselects_or_warns(const Case&, const Result& r) {
  return !running(r) || r.resolved->select_interval != 0 || says_never_reselected(r.warnings);
}

bool selects_at_least_once(const Case&, const Result& r) {
  return !running(r) || r.resolved->full_warm_up_rounds >= 0 || r.resolved->select_interval != 0;
}

bool interval_not_negative(const Case&, const Result& r) {
  return !running(r) || r.resolved->select_interval >= 0;
}

// The number of epochs the user asked for: one for the auto strategy (what it documents), else the
// integer select_interval (a string one never gets past set-up).
std::optional<py::Int> configured_epochs(const ZenFlowConfig& config) {
  if (config.select_strategy == "auto") return py::Int(1);
  if (const py::Int* epochs = std::get_if<py::Int>(&config.select_interval)) return *epochs;
  return std::nullopt;
}

bool epoch_means_epochs(const Case& c, const Result& r) {
  if (!running(r) || !r.config || r.resolved->select_strategy != "epoch") return true;
  auto length = known_epoch_length(c);
  auto epochs = configured_epochs(*r.config);
  return !length || !epochs || r.resolved->select_interval == *epochs * *length;
}

bool engine_and_optimizer_agree(const Case&, const Result& r) {
  return !running(r) || (r.engine->select_interval == r.resolved->select_interval &&
                         r.engine->update_interval == r.resolved->update_interval &&
                         r.engine->auto_update == r.resolved->auto_update);
}

bool setup_never_raises(const Case&, const Result& r) { return r.outcome != Outcome::init_error; }

bool warnings_do_not_abort(const Case&, const Result& r) {
  return !(r.outcome == Outcome::init_error && r.error && r.error->type == "Warning");
}

bool warm_up_not_negative(const Case&, const Result& r) {
  return !running(r) || r.resolved->full_warm_up_rounds >= 0;
}

bool gradient_accumulation_positive(const Case&, const Result& r) {
  return !running(r) || r.engine->update_interval >= 1;
}

// Whole-config results whose engine copy ran: it wrote its update_interval into gradient_accumulation_steps.
bool gradient_accumulation_honoured(const Case& c, const Result& r) {
  if (!r.whole_config || !r.deepspeed || !r.zenflow_enabled || !c.deepspeed_config) return true;
  if (r.outcome == Outcome::config_error || r.outcome == Outcome::unmodelled) return true;
  const py::Dict* config = c.deepspeed_config->as<py::Dict>();
  if (config == nullptr) return true;
  auto implied = batch_sizes(*config, py::Int(c.world_size));
  return !implied ||
         py::number_equals(implied->gradient_accumulation_steps, r.deepspeed->batch.gradient_accumulation_steps) ||
         says_gradient_accumulation_changed(r.warnings);
}

constexpr std::array kInvariants{
    Invariant{
        "reselects-or-warns",
        "the resolved select_interval is not 0, or a warning that says the columns are never re-selected "
        "was logged (select-interval-never-repeats, or upstream's words for it: see What a warning says)",
        "the founding invariant (PR #8456): columns picked once and never again must never be silent; a "
        "warning about something else (such as auto overriding an integer select_interval) does not say it",
        reselects_or_warns},
    Invariant{
        "selects-at-least-once",
        "some micro-step >= 0 is a selection boundary (full_warm_up_rounds >= 0, or select_interval != 0)",
        "with no selection at all, the optimizer later reads indices that were never chosen",
        selects_at_least_once},
    Invariant{"interval-not-negative", "the resolved select_interval is >= 0",
              "a negative interval fires every |n| steps: a schedule nobody asked for",
              interval_not_negative},
    Invariant{
        "epoch-means-epochs",
        "under the epoch strategy with a known epoch length L > 0 (the dataloader's length when positive, "
        "else a steps_per_epoch >= 1), select_interval == configured epochs x L (one epoch for auto)",
        "the documented meaning of the epoch strategy", epoch_means_epochs},
    Invariant{"engine-and-optimizer-agree",
              "the engine-side and optimizer-side select_interval, update_interval and auto_update are equal",
              "update boundaries (engine) and selections (optimizer) must follow one schedule",
              engine_and_optimizer_agree},
    Invariant{"setup-never-raises",
              "applies to every result whose config validated: outcome is not init_error",
              "a config that validates must initialise; refusals belong in validation, with the field named",
              setup_never_raises},
    Invariant{"warnings-do-not-abort", "no init_error whose error.type is Warning",
              "a message that describes a fallback must not abort the run", warnings_do_not_abort},
    Invariant{
        "warm-up-not-negative", "the resolved full_warm_up_rounds is >= 0",
        "a negative count of warm-up rounds means nothing, yet validation accepts it: it shifts the update "
        "phase, and with select_interval 0 nothing is ever selected (docs/zenflow.md#d12, "
        "docs/zenflow.md#d12b)",
        warm_up_not_negative},
    Invariant{
        "gradient-accumulation-positive",
        "the engine's update_interval, which set-up writes into gradient_accumulation_steps, is >= 1",
        "set-up replaces the user's gradient_accumulation_steps with it and the engine divides every "
        "gradient by it: 0 (update_interval \"auto\", the default) turns gradients into inf/NaN, a negative "
        "value flips their sign (docs/zenflow.md#d6, docs/zenflow.md#d9; engine.py "
        "_backward_prologue_per_tensor)",
        gradient_accumulation_positive},
    Invariant{
        "gradient-accumulation-honoured",
        "whole-config cases: the gradient_accumulation_steps the config sets or implies (DeepSpeedConfig's "
        "batch derivation) is the engine's after set-up, unless a warning says it is changed",
        "the effective batch is micro batch x gradient_accumulation_steps x world size; engine.configure_zenflow "
        "overwrites the value with update_interval (0 for \"auto\"), silently changing the batch the user "
        "asked for (docs/eval-format.md, Whole-config cases)",
        gradient_accumulation_honoured},
};

static_assert(kInvariants.size() <= sizeof(ViolationMask) * 8, "ViolationMask has a bit per invariant");

}  // namespace

std::span<const Invariant> invariants() { return kInvariants; }

const Invariant* find_invariant(std::string_view name) {
  auto it = std::find_if(kInvariants.begin(), kInvariants.end(),
                         [&](const Invariant& i) { return i.name == name; });
  return it == kInvariants.end() ? nullptr : &*it;
}

ViolationMask violation_mask(const Case& c, const Result& r) {
  ViolationMask mask = 0;
  for (std::size_t i = 0; i < kInvariants.size(); ++i) {
    if (!kInvariants[i].holds(c, r)) mask |= ViolationMask{1} << i;
  }
  return mask;
}

std::vector<std::string_view> violations(const Case& c, const Result& r) {
  std::vector<std::string_view> names;
  ViolationMask mask = violation_mask(c, r);
  for (std::size_t i = 0; i < kInvariants.size(); ++i) {
    if (mask & (ViolationMask{1} << i)) names.push_back(kInvariants[i].name);
  }
  return names;
}

std::optional<py::Int> known_epoch_length(const Case& c) {
  if (c.dataloader_len && *c.dataloader_len > 0) return py::Int(*c.dataloader_len);
  const py::Dict* block = c.zenflow.as<py::Dict>();
  const py::Value* steps = block ? block->find("steps_per_epoch") : nullptr;
  if (steps == nullptr) return std::nullopt;
  auto coerced = pydantic::lax_int(*steps);
  if (!coerced || *coerced < 1) return std::nullopt;
  return *coerced;
}

}  // namespace zfcheck
