// The meaning rule for warnings: the model's lines by identifier, any other text by its words.
#include "harness/checks/warning_meaning.hpp"

#include "reference/setup.hpp"

#include <algorithm>
#include <cstddef>
#include <optional>

namespace zfcheck {

namespace {

// Lower-case words of letters and digits; everything else separates them ("re-selected" is "re",
// "selected"; "select_interval" is "select", "interval"; "won't" is "won", "t").
std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> out;
  std::string word;
  for (char ch : text) {
    unsigned char u = static_cast<unsigned char>(ch);
    bool alnum = (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9');
    if (alnum) {
      word += static_cast<char>(u >= 'A' && u <= 'Z' ? u - 'A' + 'a' : u);
    } else if (!word.empty()) {
      out.push_back(std::move(word));
      word.clear();
    }
  }
  if (!word.empty()) out.push_back(std::move(word));
  return out;
}

bool starts_with_any(std::string_view word, std::initializer_list<std::string_view> stems) {
  return std::any_of(stems.begin(), stems.end(), [&](std::string_view s) { return word.starts_with(s); });
}

bool is_any(std::string_view word, std::initializer_list<std::string_view> words) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

// A word about choosing the columns: select..., reselect..., pick..., chose/chosen/choose...
bool selection_word(std::string_view w) {
  return starts_with_any(w, {"select", "reselect", "pick", "repick", "chos", "choos", "rechoos"});
}

// Word i is followed, within `span` words, by one satisfying `pred`.
template <class Pred>
bool followed_by(const std::vector<std::string>& w, std::size_t i, std::size_t span, Pred pred) {
  for (std::size_t j = i + 1; j < w.size() && j <= i + span; ++j) {
    if (pred(w[j], j)) return true;
  }
  return false;
}

// The rule of docs/invariants.md ("What a warning says"), part 1: the warning speaks of selecting and
// says it happens once or not again.
bool says_once(const std::vector<std::string>& w) {
  if (std::none_of(w.begin(), w.end(), [](const std::string& x) { return selection_word(x); })) return false;
  for (std::size_t i = 0; i < w.size(); ++i) {
    const std::string& x = w[i];
    if (x == "once" || x == "never") return true;
    auto again = [&](const std::string& y, std::size_t j) {
      return y == "again" || y.starts_with("reselect") || y.starts_with("repick") ||
             (y == "re" && j + 1 < w.size() && selection_word(w[j + 1]));
    };
    if (is_any(x, {"not", "no", "t", "cannot", "without"}) && followed_by(w, i, 4, again)) return true;
    if (x == "only" && followed_by(w, i, 3, [](const std::string& y, std::size_t) { return y == "first"; }))
      return true;
    if (x == "first" && followed_by(w, i, 3, [](const std::string& y, std::size_t) { return y == "only"; }))
      return true;
    if (is_any(x, {"single", "one"}) && followed_by(w, i, 2, [](const std::string& y, std::size_t) {
          return y.starts_with("time") || y.starts_with("selection");
        }))
      return true;
    if (x == "select" && i + 1 < w.size() && w[i + 1] == "interval" &&
        followed_by(w, i + 1, 4, [](const std::string& y, std::size_t) { return y == "0" || y == "zero"; }))
      return true;
  }
  return false;
}

// Part 2: the warning names the auto strategy, select_interval, and its replacement.
bool says_auto_overrides(const std::vector<std::string>& w) {
  bool automatic = std::find(w.begin(), w.end(), "auto") != w.end();
  bool interval = false, replaced = false;
  for (std::size_t i = 0; i < w.size(); ++i) {
    if (w[i] == "select" && i + 1 < w.size() && w[i + 1] == "interval") interval = true;
    if (starts_with_any(w[i], {"overwrit", "overrid", "ignor", "replac", "discard"})) replaced = true;
    if (w[i] == "epoch" && i > 0 && is_any(w[i - 1], {"one", "1"})) replaced = true;
  }
  return automatic && interval && replaced;
}

std::optional<SetupWarning> model_warning(std::string_view text) {
  for (SetupWarning w : kSetupWarnings) {
    if (text == warning_line(w)) return w;
  }
  return std::nullopt;
}

WarningMeaning meaning_of(SetupWarning w) {
  return w == SetupWarning::select_interval_never_repeats ? WarningMeaning::never_reselected
                                                          : WarningMeaning::auto_overrides_select_interval;
}

}  // namespace

WarningMeaning warning_meaning(std::string_view text) {
  if (auto model = model_warning(text)) return meaning_of(*model);
  std::vector<std::string> w = words_of(text);
  if (says_once(w)) return WarningMeaning::never_reselected;
  if (says_auto_overrides(w)) return WarningMeaning::auto_overrides_select_interval;
  return WarningMeaning::other;
}

std::string warning_label(std::string_view text) {
  switch (warning_meaning(text)) {
    case WarningMeaning::never_reselected:
      return std::string(warning_id(SetupWarning::select_interval_never_repeats));
    case WarningMeaning::auto_overrides_select_interval:
      return std::string(warning_id(SetupWarning::auto_overrides_integer_select_interval));
    case WarningMeaning::other:
      break;
  }
  return std::string(text);
}

std::vector<std::string> warning_labels(const std::vector<std::string>& warnings) {
  std::vector<std::string> out;
  out.reserve(warnings.size());
  for (const std::string& w : warnings) out.push_back(warning_label(w));
  return out;
}

std::string_view warning_words(std::string_view text) {
  if (auto model = model_warning(text)) return warning_text(*model);
  return text;
}

bool says_never_reselected(const std::vector<std::string>& warnings) {
  return std::any_of(warnings.begin(), warnings.end(), [](const std::string& w) {
    return warning_meaning(w) == WarningMeaning::never_reselected;
  });
}

bool says_gradient_accumulation_changed(const std::vector<std::string>& warnings) {
  return std::any_of(warnings.begin(), warnings.end(), [](const std::string& text) {
    std::vector<std::string> w = words_of(text);
    bool named = false;
    for (std::size_t i = 0; i + 1 < w.size(); ++i) named = named || (w[i] == "gradient" && w[i + 1] == "accumulation");
    return named && std::any_of(w.begin(), w.end(), [](const std::string& x) {
             return x == "set" || starts_with_any(x, {"overwrit", "overrid", "replac", "chang", "ignor"});
           });
  });
}

}  // namespace zfcheck
