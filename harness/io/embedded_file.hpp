// A file built into zfcheck (by cmake/embed_files.cmake), so that it runs wherever its binary goes. Each
// library that embeds files declares its own function returning them, beside what uses them.
#pragma once

#include <span>
#include <string_view>

namespace zfcheck {

struct EmbeddedFile {
  std::string_view name;  // base name
  std::string_view text;
};

}  // namespace zfcheck
