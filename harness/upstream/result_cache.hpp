// The result cache: one file per (upstream files, batch of case lines), written atomically, checksummed.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace zfcheck {

class ResultCache {
 public:
  // `dir` empty: a cache that holds nothing. The default directory is $XDG_CACHE_HOME/zfcheck, else
  // ~/.cache/zfcheck.
  explicit ResultCache(std::string dir) : dir_(std::move(dir)) {}
  static std::string default_dir();

  // The `count` result lines stored under `key`; nothing when absent, or when the entry is damaged
  // (wrong checksum or count: it is then recomputed and overwritten).
  std::optional<std::vector<std::string>> load(const std::string& key, std::size_t count) const;
  // The same, whatever the count.
  std::optional<std::vector<std::string>> load_all(const std::string& key) const;
  // Stores the lines under `key`: written to a temporary file and renamed, so that a concurrent reader
  // or an interrupted run never sees half an entry. A cache that cannot be written is skipped silently.
  void store(const std::string& key, const std::vector<std::string>& lines) const;

 private:
  std::string path_of(const std::string& key) const;
  std::string dir_;
};

}  // namespace zfcheck
