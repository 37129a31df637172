// Colour for verdicts on a terminal, and nothing else: never in a pipe or a file, never when NO_COLOR is set
// (no-color.org) or TERM is "dumb". The one place that decides whether to colour and how.
#pragma once

#include <string>
#include <string_view>

namespace zfcheck {

enum class Tone {
  good,     // a check holds: agreement, nothing broken, a cause fixed
  bad,      // a finding: a mismatch, a disagreement, an invariant broken, a cause introduced
  notable,  // worth a look but not a failure: causes remaining, seeds skipped
};

class TerminalStyle {
 public:
  // Colour for standard output when it is a terminal and the environment allows it.
  static TerminalStyle for_stdout();
  // The decision itself: colour only on a terminal, with NO_COLOR unset or empty and TERM not "dumb"
  // (null: unset).
  static bool wanted(bool terminal, const char* no_color, const char* term);

  explicit TerminalStyle(bool colour) : colour_(colour) {}
  bool colour() const { return colour_; }
  // `text` in the tone's colour (bold for `bad`), or as it is.
  std::string paint(std::string_view text, Tone tone) const;

 private:
  bool colour_;
};

}  // namespace zfcheck
