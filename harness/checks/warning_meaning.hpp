// What a logged warning says, whatever its words: the rule docs/invariants.md#what-a-warning-says states.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

enum class WarningMeaning {
  never_reselected,                // the columns are selected once and never re-selected
  auto_overrides_select_interval,  // the auto strategy replaces an integer select_interval with one epoch
  other,
};

// The meaning of one warning as a result carries it: the model's own lines by their identifier, any
// other text (upstream's logger, verbatim) by the documented rule.
WarningMeaning warning_meaning(std::string_view text);

// What a warning goes by in summaries, causes, diffs and the reviewed corpus: the model's identifier
// for a meaning the model has (select-interval-never-repeats, auto-overrides-integer-select_interval),
// else the text itself.
std::string warning_label(std::string_view text);
std::vector<std::string> warning_labels(const std::vector<std::string>& warnings);

// The words of a warning for a reader: the model's lines without their identifier, others as logged.
std::string_view warning_words(std::string_view text);

// Whether any of the warnings says the columns are never re-selected.
bool says_never_reselected(const std::vector<std::string>& warnings);

// Whether any of the warnings says gradient_accumulation_steps is changed (docs/invariants.md, What a
// warning says): the words "gradient accumulation" and a word starting with overwrit, overrid, replac,
// chang, ignor or "set".
bool says_gradient_accumulation_changed(const std::vector<std::string>& warnings);

}  // namespace zfcheck
