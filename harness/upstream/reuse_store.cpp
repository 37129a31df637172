// A reuse entry's lines: "zfcheck-reuse 1 <cases> <traces>", then "<id> <trace>" per trace, then per case
// "<n>" and its n entries "<trace id> <answer>", where an answer equal to the case's previous one is "=".
#include "harness/upstream/reuse_store.hpp"

#include "harness/io/whole_number.hpp"

#include <algorithm>
#include <set>

namespace zfcheck {

namespace {

constexpr std::string_view kHeader = "zfcheck-reuse 1 ";

std::optional<ReuseBatch> parse(const std::vector<std::string>& lines, std::size_t count) {
  std::size_t cases = 0, traces = 0;
  if (lines.empty() || !lines[0].starts_with(kHeader)) return std::nullopt;
  std::string_view sizes = std::string_view(lines[0]).substr(kHeader.size());
  std::size_t space = sizes.find(' ');
  if (space == std::string_view::npos || !parse_whole_number(sizes.substr(0, space), cases) ||
      !parse_whole_number(sizes.substr(space + 1), traces) || cases != count || 1 + traces > lines.size())
    return std::nullopt;
  ReuseBatch batch;
  std::size_t at = 1;
  for (; at < 1 + traces; ++at) {
    std::size_t split = lines[at].find(' ');
    if (split == std::string::npos) return std::nullopt;
    batch.traces.emplace(lines[at].substr(0, split), lines[at].substr(split + 1));
  }
  batch.entries.resize(cases);
  for (std::vector<ReuseEntry>& entries : batch.entries) {
    std::size_t n = 0;
    if (at >= lines.size() || !parse_whole_number(lines[at++], n) || n > kKeptPerCase ||
        at + n > lines.size())
      return std::nullopt;
    for (std::size_t k = 0; k < n; ++k, ++at) {
      std::size_t split = lines[at].find(' ');
      if (split == std::string::npos) return std::nullopt;
      std::string answer = lines[at].substr(split + 1);
      if (!batch.traces.contains(lines[at].substr(0, split))) return std::nullopt;
      if (answer == "=") {
        if (k == 0) return std::nullopt;
        answer = entries.back().answer;
      }
      entries.push_back(ReuseEntry{lines[at].substr(0, split), std::move(answer)});
    }
  }
  if (at != lines.size()) return std::nullopt;
  return batch;
}

}  // namespace

void ReuseBatch::record(std::size_t index, ReuseEntry entry, const std::string& trace) {
  traces[entry.trace_id] = trace;
  std::vector<ReuseEntry>& list = entries[index];
  std::erase_if(list, [&](const ReuseEntry& e) { return e.trace_id == entry.trace_id; });
  list.insert(list.begin(), std::move(entry));
  if (list.size() > kKeptPerCase) list.resize(kKeptPerCase);
}

ReuseBatch load_reuse_batch(const ResultCache& cache, const std::string& key, std::size_t count) {
  if (auto lines = cache.load_all(key)) {
    if (auto batch = parse(*lines, count)) return std::move(*batch);
  }
  ReuseBatch empty;
  empty.entries.resize(count);
  return empty;
}

void store_reuse_batch(const ResultCache& cache, const std::string& key, const ReuseBatch& batch) {
  std::set<std::string> named;
  for (const auto& entries : batch.entries) {
    for (const ReuseEntry& e : entries) named.insert(e.trace_id);
  }
  std::vector<std::string> lines{std::string(kHeader) + std::to_string(batch.entries.size()) + " " +
                                 std::to_string(named.size())};
  for (const std::string& id : named) lines.push_back(id + " " + batch.traces.at(id));
  for (const auto& entries : batch.entries) {
    lines.push_back(std::to_string(entries.size()));
    for (std::size_t k = 0; k < entries.size(); ++k) {
      const bool same = k > 0 && entries[k].answer == entries[k - 1].answer;
      lines.push_back(entries[k].trace_id + " " + (same ? std::string("=") : entries[k].answer));
    }
  }
  cache.store(key, lines);
}

}  // namespace zfcheck
