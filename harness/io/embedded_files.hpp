// Files built into zfcheck (by cmake/embed_files.cmake), so that it runs wherever its binary goes.
#pragma once

#include <span>
#include <string_view>

namespace zfcheck {

struct EmbeddedFile {
  std::string_view name;  // base name
  std::string_view text;
};

// harness/upstream/zf_upstream.py.
std::span<const EmbeddedFile> upstream_runner_files();
// corpus/findings/<profile>.json, one per builtin profile.
std::span<const EmbeddedFile> recorded_findings_files();

}  // namespace zfcheck
