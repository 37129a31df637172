// Property bodies that compare two profiles on one case; shared by RapidCheck, libFuzzer and corpus replay.
//
// A body returns nothing when the property holds and a description of what broke otherwise. Each names
// the cases where the two revisions are meant to differ, so that everything else must agree field for field.
#pragma once

#include "reference/evaluate.hpp"

#include <optional>
#include <string>

namespace zfcheck::props {

using Verdict = std::optional<std::string>;

// pr-8456-4ffc94ea and pr-8456 agree on every case except those the fix commit ffb0860 changed: a
// steps_per_epoch below 1, and an empty dataloader.
Verdict fix_commit_changes_only_its_cases(const Case& c);

// "Nothing changes for a caller that already passes training_data=": with a non-empty dataloader,
// deepspeed-8274 and pr-8456 agree on every config both accept, except where 8274 raised Warning
// (the PR's deliberate change: the run now continues with one epoch).
Verdict dataloader_callers_see_no_change(const Case& c);

}  // namespace zfcheck::props
