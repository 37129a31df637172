// What a fuzz target does when a property breaks: print what broke and the input, then abort.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace zfcheck::fuzz {

[[noreturn]] inline void fail(std::string_view what, std::string_view input) {
  std::fprintf(stderr, "zfcheck fuzz: %.*s\ninput: %.*s\n", static_cast<int>(what.size()), what.data(),
               static_cast<int>(input.size() > 4096 ? 4096 : input.size()), input.data());
  std::abort();
}

inline void check(bool ok, std::string_view what, std::string_view input) {
  if (!ok) fail(what, input);
}

}  // namespace zfcheck::fuzz
