// Fix search: call fixes by dataloader length, setting fixes by sets of one or two settings, block fixes by
// growing sets of changed keys (after the settings set-up needs, where nothing else repairs everything).
#include "harness/explain/fix_search.hpp"

#include "harness/checks/invariants.hpp"
#include "harness/checks/minimal_order.hpp"
#include "harness/explain/schedule_intent.hpp"
#include "reference/config.hpp"
#include "reference/py_json.hpp"
#include "reference/zenflow_fields.hpp"

#include <algorithm>
#include <optional>

namespace zfcheck {

namespace {

// A fix must leave ZenFlow on and set-up finished (a rejected config or ZenFlow turned off breaks no
// invariant only because none applies), and must select columns again after the first selection.
bool running(const Result& r) { return r.outcome == Outcome::ok && r.zenflow_enabled && reselects(r); }

// A key's possible new states: nothing removes it.
using Option = std::optional<py::Value>;

struct Found {
  ViolationMask mask = 0;
  std::vector<std::string> keys;
  Result result;
};

// The best candidate so far: the least stray from the asked schedule, then the simplest.
class Closest {
 public:
  template <class MakeFound>
  void offer(const Case& c, Stray s, MakeFound&& make) {
    if (best_ && (s > stray_ || (s == stray_ && key_->compare(*best_, c) <= 0))) return;
    best_ = c;
    key_.emplace(*best_);
    stray_ = s;
    found_ = make();
  }
  bool empty() const { return !best_; }
  const Case& example() const { return *best_; }
  const Found& payload() const { return found_; }

 private:
  std::optional<Case> best_;
  std::optional<SimplicityKey> key_;
  Stray stray_;
  Found found_;
};

// Searches the block edits of one size for the simplest accepted case.
class BlockSearch {
 public:
  BlockSearch(const Case& original, const Engine& engine, const FixCandidates& candidates)
      : original_(original),
        engine_(engine),
        asked_(asked_interval(zenflow_block(original), original.dataloader_len)) {
    const py::Dict& block = *zenflow_block(original).as<py::Dict>();
    for (std::string_view field : kConfigFields) {
      std::vector<Option> options;
      const py::Value* current = block.find(field);
      if (current != nullptr) options.emplace_back(std::nullopt);
      std::vector<py::Value> values = candidates.field_values(field);
      // The interval the user asked for is a value the user would write (schedule_intent.hpp).
      if (field == "select_interval" && asked_) values.emplace_back(py::Int(*asked_));
      for (const py::Value& v : values) {
        if ((current != nullptr && *current == v) || !declared(field, v)) continue;
        if (std::find_if(options.begin(), options.end(), [&](const Option& o) { return o && *o == v; }) !=
            options.end())
          continue;
        options.emplace_back(v);
      }
      fields_.push_back({std::string(field), std::move(options)});
    }
  }

  // The simplest case whose violation mask passes `accept`, changing exactly `keys` keys.
  std::optional<std::pair<Case, Found>> search(std::size_t keys,
                                               const std::function<bool(ViolationMask)>& accept) {
    accept_ = &accept;
    best_ = Closest{};
    chosen_.clear();
    choose(0, keys);
    if (best_.empty()) return std::nullopt;
    return std::make_pair(best_.example(), best_.payload());
  }

 private:
  struct Field {
    std::string name;
    std::vector<Option> options;
  };

  // The block with `key` set to `option`, or without it.
  static py::Dict with(const py::Dict& block, const std::string& key, const Option& option) {
    py::Dict out;
    for (const auto& [k, v] : block.entries()) {
      if (k == key) {
        if (option) out.set(k, *option);
      } else {
        out.set(k, v);
      }
    }
    if (option && block.find(key) == nullptr) out.set(py::Str{key}, *option);
    return out;
  }

  static bool declared(std::string_view field, const py::Value& v) {
    Case single;
    py::Dict d;
    d.set(py::Str{std::string(field)}, v);
    single.zenflow = std::move(d);
    return off_type_count(single) == 0;
  }

  // Picks `left` more fields from index `from` on, then tries every combination of their options.
  void choose(std::size_t from, std::size_t left) {
    if (left == 0) {
      assign(0, original_);
      return;
    }
    for (std::size_t i = from; i + left <= fields_.size(); ++i) {
      chosen_.push_back(i);
      choose(i + 1, left - 1);
      chosen_.pop_back();
    }
  }

  void assign(std::size_t at, const Case& c) {
    if (at == chosen_.size()) {
      Result r = evaluate_one(engine_, c);
      if (!running(r)) return;
      ViolationMask mask = violation_mask(c, r);
      if (!(*accept_)(mask)) return;
      best_.offer(c, stray(r, asked_, c.micro_steps), [&] {
        Found f{mask, {}, r};
        for (std::size_t i : chosen_) f.keys.push_back(fields_[i].name);
        return f;
      });
      return;
    }
    const Field& field = fields_[chosen_[at]];
    for (const Option& option : field.options) {
      assign(at + 1,
             with_zenflow_block(c, py::Value(with(*zenflow_block(c).as<py::Dict>(), field.name, option))));
    }
  }

  const Case& original_;
  const Engine& engine_;
  const std::optional<std::int64_t> asked_;
  std::vector<Field> fields_;
  std::vector<std::size_t> chosen_;
  const std::function<bool(ViolationMask)>* accept_ = nullptr;
  Closest best_;
};

std::vector<std::string_view> names(ViolationMask mask) {
  std::vector<std::string_view> out;
  auto all = invariants();
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (mask & (ViolationMask{1} << i)) out.push_back(all[i].name);
  }
  return out;
}

std::optional<Fix> call_fix(const Case& c, const Engine& engine, const FixCandidates& candidates) {
  if (c.dataloader_len && *c.dataloader_len > 0) return std::nullopt;
  Fix fix;
  fix.kind = FixKind::call;
  for (std::int64_t len : candidates.dataloader_lens) {
    Case next = c;
    next.dataloader_len = len;
    Result r = evaluate_one(engine, next);
    if (running(r) && violation_mask(next, r) == 0) {
      fix.c = std::move(next);
      fix.result = std::move(r);
      return fix;
    }
    fix.failed_lens.push_back(len);
  }
  return std::nullopt;
}

// Set-up finishes with ZenFlow on: a base from which block changes may repair what is left.
bool sets_up(const Result& r) { return r.outcome == Outcome::ok && r.zenflow_enabled; }

// The case with every setting of `settings` written; nothing when one cannot be (no whole config, a step of
// its path not an object) or one is already in effect.
std::optional<Case> with_settings(const Case& c, const std::vector<Setting>& settings) {
  std::optional<Case> out = c;
  for (const Setting& s : settings) {
    const py::Value* current = setting_value(*out, s.path);
    if (current != nullptr && *current == s.value) return std::nullopt;
    out = with_setting(*out, s);
    if (!out) return std::nullopt;
  }
  return out;
}

// The sets of fix_settings() of one, then two settings, each with the case it makes and that case's result.
struct SettingTry {
  std::vector<Setting> settings;
  Case c;
  Result result;
};
std::vector<SettingTry> setting_tries(const Case& c, const Engine& engine) {
  const std::vector<Setting>& all = fix_settings();
  std::vector<std::vector<Setting>> sets;
  for (std::size_t i = 0; i < all.size(); ++i) sets.push_back({all[i]});
  for (std::size_t i = 0; i < all.size(); ++i) {
    for (std::size_t j = i + 1; j < all.size(); ++j) sets.push_back({all[i], all[j]});
  }
  std::vector<SettingTry> out;
  for (auto& settings : sets) {
    auto next = with_settings(c, settings);
    if (!next) continue;
    Result r = evaluate_one(engine, *next);
    out.push_back({std::move(settings), std::move(*next), std::move(r)});
  }
  return out;
}

// gradient_accumulation_steps set to the engine's update interval, with the micro batch that keeps the
// train_batch_size DeepSpeed derived (ZenFlow's set-up then overwrites nothing); nothing when the result has
// no such interval or the batch does not divide.
std::optional<SettingTry> accumulation_try(const Case& c, const Result& r, const Engine& engine) {
  if (!r.deepspeed || !r.engine || r.engine->update_interval < 1) return std::nullopt;
  const py::Int& update = r.engine->update_interval;
  const py::Int per_micro_batch = update * py::Int(c.world_size);
  const py::Int* given = py::int_of(r.deepspeed->batch.train_batch_size);
  if (given == nullptr || *given % per_micro_batch != 0) return std::nullopt;  // a float: a divided world size
  const py::Int& train = *given;
  std::vector<Setting> settings{{{"gradient_accumulation_steps"}, py::Value(update)},
                                {{"train_micro_batch_size_per_gpu"}, py::Value(train / per_micro_batch)}};
  auto next = with_settings(c, settings);
  if (!next) return std::nullopt;
  Result result = evaluate_one(engine, *next);
  return SettingTry{std::move(settings), std::move(*next), std::move(result)};
}

// Whether a try repairs everything on its own: ZenFlow runs, re-selects, and breaks nothing.
bool repairs_all(const SettingTry& t) { return running(t.result) && violation_mask(t.c, t.result) == 0; }

// The setting fix a try that repairs everything makes.
Fix setting_fix(const SettingTry& t, ViolationMask broken) {
  return Fix{FixKind::setting, names(broken), {}, {}, t.settings, t.c, t.result};
}

// The tries that pass `good` and hold no smaller try that passes it (a pair only where neither of its
// settings alone does). setting_tries lists the single settings first.
std::vector<const SettingTry*> smallest_tries(const std::vector<SettingTry>& tries,
                                              const std::function<bool(const SettingTry&)>& good) {
  const auto holds = [](const SettingTry& larger, const SettingTry& smaller) {
    return std::all_of(smaller.settings.begin(), smaller.settings.end(), [&](const Setting& s) {
      return std::any_of(larger.settings.begin(), larger.settings.end(),
                         [&](const Setting& l) { return l.path == s.path; });
    });
  };
  std::vector<const SettingTry*> out;
  for (const SettingTry& t : tries) {
    if (!good(t)) continue;
    if (std::none_of(out.begin(), out.end(), [&](const SettingTry* kept) { return holds(t, *kept); }))
      out.push_back(&t);
  }
  return out;
}

// Block fixes from `base` (the case with `settings` written): one for everything the original broke when
// one exists, else one per broken invariant not already repaired.
std::vector<Fix> block_fixes(const Case& base, const std::vector<Setting>& settings, ViolationMask broken,
                             const Engine& engine, const FixCandidates& candidates) {
  std::vector<Fix> out;
  if (zenflow_block(base).as<py::Dict>() == nullptr) return out;
  BlockSearch search(base, engine, candidates);
  auto smallest = [&](ViolationMask target) -> std::optional<std::pair<Case, Found>> {
    std::function<bool(ViolationMask)> accept = [&](ViolationMask m) {
      return (m & ~broken) == 0 && (m & target) == 0;
    };
    for (std::size_t keys = 1; keys <= candidates.max_keys; ++keys) {
      if (auto found = search.search(keys, accept)) return found;
    }
    return std::nullopt;
  };
  auto add = [&](std::pair<Case, Found> found) {
    Fix fix;
    fix.invariants = names(broken & ~found.second.mask);
    fix.settings = settings;
    fix.changed_keys = std::move(found.second.keys);
    fix.c = std::move(found.first);
    fix.result = std::move(found.second.result);
    out.push_back(std::move(fix));
  };
  if (auto all = smallest(broken)) {
    add(std::move(*all));
    return out;
  }
  if (broken == 0) return out;
  ViolationMask repaired = 0;
  for (std::size_t i = 0; i < invariants().size(); ++i) {
    ViolationMask bit = ViolationMask{1} << i;
    if (!(broken & bit) || (repaired & bit)) continue;
    if (auto one = smallest(bit)) {
      repaired |= broken & ~one->second.mask;
      add(std::move(*one));
    }
  }
  return out;
}

}  // namespace

namespace {

bool deferred(const py::Int& update_interval) { return update_interval > 1; }

// Whether the zenflow block sets update_interval to an integer above 1.
bool asks_deferred_updates(const Case& c) {
  const py::Dict* block = zenflow_block(c).as<py::Dict>();
  const py::Value* v = block ? block->find("update_interval") : nullptr;
  const py::Int* n = v ? v->as<py::Int>() : nullptr;
  return n != nullptr && deferred(*n);
}

}  // namespace

FixCandidates realistic_fix_candidates() {
  FixCandidates out;
  out.field_values = [](std::string_view field) {
    std::vector<py::Value> values;
    if (const ZenFlowField* row = find_field(field)) {
      for (std::string_view text : row->realistic) values.push_back(*py::parse_json(text));
    }
    return values;
  };
  out.dataloader_lens.assign(kRealisticDataloaderLens.begin(), kRealisticDataloaderLens.end());
  return out;
}

std::vector<Fix> find_fixes(const Case& c, const Result& r, const Engine& engine,
                            const FixCandidates& candidates) {
  const ViolationMask broken = violation_mask(c, r);
  std::vector<Fix> fixes;
  if (broken == 0 && r.outcome == Outcome::ok) return fixes;
  bool complete = false;  // a call or setting fix repairs everything on its own
  if (auto fix = call_fix(c, engine, candidates)) {
    fix->invariants = names(broken);
    fixes.push_back(std::move(*fix));
    complete = true;
  }
  std::vector<SettingTry> tries = setting_tries(c, engine);
  if (auto accumulation = accumulation_try(c, r, engine)) tries.push_back(std::move(*accumulation));
  for (const SettingTry* t : smallest_tries(tries, repairs_all)) {
    fixes.push_back(setting_fix(*t, broken));
    complete = true;
  }
  // Where no call or setting fix repairs everything: the smallest setting sets that let set-up finish where
  // it does not (a ZeRO stage 0 config with no offload needs the stage and the device), or that repair some
  // of what is broken where it does (gradient_accumulation_steps set to the update interval), each followed
  // by the block changes that repair the rest. They keep what the user wrote (overlap_comm true keeps the
  // block's offload; the accumulation keeps the update interval), so they come before the block fixes of
  // the config as it is.
  const auto helps = [&](const SettingTry& t) {
    if (!sets_up(t.result)) return false;
    if (!sets_up(r)) return true;
    ViolationMask after = violation_mask(t.c, t.result);
    return (after & ~broken) == 0 && after != broken;
  };
  if (!complete) {
    const std::vector<const SettingTry*> helping = smallest_tries(tries, helps);
    // Where set-up does not finish: each setting that lets it, then gradient_accumulation_steps set to the
    // update interval (the accumulation, as where set-up finishes already), so the update interval stays.
    for (const SettingTry* t : sets_up(r) ? std::vector<const SettingTry*>{} : helping) {
      auto then = accumulation_try(t->c, t->result, engine);
      if (!then || !sets_up(then->result)) continue;
      then->settings.insert(then->settings.begin(), t->settings.begin(), t->settings.end());
      if (repairs_all(*then)) {
        fixes.push_back(setting_fix(*then, broken));
        continue;
      }
      for (Fix& fix : block_fixes(then->c, then->settings, broken, engine, candidates))
        fixes.push_back(std::move(fix));
    }
    for (const SettingTry* t : helping) {
      for (Fix& fix : block_fixes(t->c, t->settings, broken, engine, candidates))
        fixes.push_back(std::move(fix));
    }
  }
  for (Fix& fix : block_fixes(c, {}, broken, engine, candidates)) fixes.push_back(std::move(fix));
  // ZenFlow exists to defer updates: where the block asks for an update interval above 1 and some fix keeps
  // the engine's above 1, the fixes that bring it down to 1 are not offered.
  if (asks_deferred_updates(c)) {
    const auto keeps = [](const Fix& f) {
      return f.result.resolved && deferred(f.result.resolved->update_interval);
    };
    if (std::any_of(fixes.begin(), fixes.end(), keeps))
      std::erase_if(fixes, [&](const Fix& f) { return !keeps(f); });
  }
  return fixes;
}

}  // namespace zfcheck
