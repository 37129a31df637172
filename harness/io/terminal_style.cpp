// ANSI colours for verdicts, decided once per stream from isatty, NO_COLOR and TERM.
#include "harness/io/terminal_style.hpp"

#include <unistd.h>
#include <cstdlib>
#include <cstring>

namespace zfcheck {

bool TerminalStyle::wanted(bool terminal, const char* no_color, const char* term) {
  if (!terminal) return false;
  if (no_color != nullptr && no_color[0] != '\0') return false;
  return term == nullptr || std::strcmp(term, "dumb") != 0;
}

TerminalStyle TerminalStyle::for_stdout() {
  return TerminalStyle(wanted(isatty(STDOUT_FILENO) == 1, std::getenv("NO_COLOR"), std::getenv("TERM")));
}

std::string TerminalStyle::paint(std::string_view text, Tone tone) const {
  if (!colour_) return std::string(text);
  const char* start = tone == Tone::good ? "\033[32m" : tone == Tone::bad ? "\033[1;31m" : "\033[33m";
  return start + std::string(text) + "\033[0m";
}

}  // namespace zfcheck
