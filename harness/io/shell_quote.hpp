// Quotes a word for a POSIX shell, for the replay commands zfcheck prints.
#pragma once

#include <string>
#include <string_view>

namespace zfcheck {

inline std::string shell_quote(std::string_view word) {
  if (!word.empty() && word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./:=,+@%") ==
                           std::string_view::npos) {
    return std::string(word);
  }
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace zfcheck
