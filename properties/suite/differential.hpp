// Property bodies that compare two profiles on one case: what each upstream change promises to change,
// and that it changes nothing else.
//
// Each body names the cases where the two revisions are meant to differ and what the newer one must do
// there, so that everything else must agree field for field. Shared by RapidCheck, libFuzzer
// (fuzz/profile_diff_fuzzer.cpp) and corpus replay.
#pragma once

#include "properties/suite/failure.hpp"

namespace zfcheck::props {

// PR #8274 (deepspeed-edaa722 -> deepspeed-8274) changes exactly its two bounds: a topk_ratio of 0 or 1,
// which master accepts, and a numeric update_interval below 1, which master accepts, become config
// errors (on topk_ratio, and the update_interval message); a topk_ratio master rejects is rejected on
// topk_ratio by both (the bound's wording changes with the interval); every other case agrees.
std::optional<Failure> pr8274_changes_exactly_its_two_bounds(const Case& c,
                                              const ProfileSet& profiles = ProfileSet::builtin());

// The fix commit ffb0860 (pr-8456-4ffc94ea -> pr-8456) changes exactly its cases: a steps_per_epoch
// below 1 that the first revision accepted becomes the ValidationError "If steps_per_epoch is set, it
// must be at least 1"; under pr-8456 an empty dataloader behaves as no dataloader (it is not assigned);
// every other case agrees.
std::optional<Failure> fix_commit_changes_exactly_its_cases(const Case& c,
                                             const ProfileSet& profiles = ProfileSet::builtin());

// "Nothing changes for a caller that already passes training_data=": with a non-empty dataloader,
// deepspeed-8274 and pr-8456 agree on every config both accept, except where 8274 raised Warning
// (the PR's deliberate change: the run now continues with one epoch).
std::optional<Failure> dataloader_callers_see_no_change(const Case& c, const ProfileSet& profiles = ProfileSet::builtin());

}  // namespace zfcheck::props
