// A text that is a number and nothing else (the counts and line offsets of the cache's entries).
#pragma once

#include <charconv>
#include <string_view>

namespace zfcheck {

// Reads `text` into `out`; false when it is empty, not a number of T's range, or has anything after it.
template <class T>
bool parse_whole_number(std::string_view text, T& out) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace zfcheck
