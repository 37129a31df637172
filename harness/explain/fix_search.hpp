// The smallest change to a case that repairs the invariants it breaks, found by search and checked by
// evaluation.
#pragma once

#include "harness/checks/engine.hpp"
#include "harness/explain/config_settings.hpp"

#include "reference/evaluate.hpp"
#include "reference/profile.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// What a fix may write. `field_values(field)`: the values tried for a ZenFlowConfig field, simplest first
// (values of a type the field does not declare are skipped: a fix never relies on a coercion);
// `dataloader_lens`: the positive lengths a call fix may pass, simplest first.
struct FixCandidates {
  std::function<std::vector<py::Value>(std::string_view field)> field_values;
  std::vector<std::int64_t> dataloader_lens;
  std::size_t max_keys = 3;  // the most zenflow keys one fix changes
};

// What a user would write: each field's realistic values (reference/zenflow_fields.hpp) and the realistic
// dataloader lengths (reference/evaluate.hpp), as the model keeps them.
FixCandidates realistic_fix_candidates();

enum class FixKind {
  block,    // a change to the zenflow block
  call,     // pass training_data= with a non-empty dataloader
  setting,  // one or two settings of the whole config (config_settings.hpp's fix_settings)
};

struct Fix {
  FixKind kind = FixKind::block;
  std::vector<std::string_view> invariants;  // the invariants the original broke that this one keeps
  std::vector<std::string> changed_keys;     // block: the keys set or removed, in config field order
  std::vector<std::int64_t> failed_lens;     // call: the shorter lengths tried that did not fix them all
  std::vector<Setting> settings;  // setting, and a block fix that needs them first: what they write
  Case c;                         // the fixed case
  Result result;                  // its result under the profile
};

// The fixes for what `r` (the result of `c` under `engine`) gets wrong: the invariants it breaks, or an
// outcome other than ok (DeepSpeed refuses the config, set-up or a step raises); none when it gets nothing
// wrong. Every fix leaves ZenFlow on with set-up finished (outcome ok), selects columns again after the
// first selection, and breaks no invariant the original kept. A call fix is offered when the case passes
// no dataloader or an empty one and some length makes the result break nothing; a setting fix for each
// set of one or two of fix_settings() that does so (a pair only where neither setting alone does). Block
// fixes change the fewest keys, then stray least from the asked schedule (schedule_intent.hpp), then give
// the simplest case in the minimal-example order: one fix for everything when one exists, else one per
// broken invariant not already repaired. Where set-up does not finish and no call or setting fix repairs
// everything, the smallest setting sets after which it does come first, each followed by the block fixes
// from there (they keep what the user wrote), then the block fixes of the config as written. Where the
// block sets update_interval above 1 and some fix keeps the engine's update interval above 1, the fixes that
// bring it down to 1 are dropped.
std::vector<Fix> find_fixes(const Case& c, const Result& r, const Engine& engine,
                            const FixCandidates& candidates);

}  // namespace zfcheck
