// The answers kept for reuse across revisions: per batch of case lines (whatever the revision), each case's
// last answers with the trace of what it executed when each was given, in one cache entry.
#pragma once

#include "harness/upstream/result_cache.hpp"

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace zfcheck {

struct ReuseEntry {
  std::string trace_id;
  std::string answer;  // the runner's JSON line
};

struct ReuseBatch {
  std::map<std::string, std::string> traces;     // trace id -> its text (zf_units.py's form)
  std::vector<std::vector<ReuseEntry>> entries;  // per case, newest first

  // Puts `entry` first in case `index`'s list (dropping an older one with the same trace), keeping at most
  // kKeptPerCase; `trace` is the entry's trace text (empty for a line the runner refused unrun).
  void record(std::size_t index, ReuseEntry entry, const std::string& trace);
};

// How many answers a case keeps (newest first): what bounds the cache at that many answers per case line.
inline constexpr std::size_t kKeptPerCase = 4;

// A batch's entry in `cache` under `key`, for `count` cases; empty lists when absent or damaged.
ReuseBatch load_reuse_batch(const ResultCache& cache, const std::string& key, std::size_t count);
// Writes it back, with only the traces its entries name.
void store_reuse_batch(const ResultCache& cache, const std::string& key, const ReuseBatch& batch);

}  // namespace zfcheck
