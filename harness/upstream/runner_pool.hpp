// Lines split over a pool of runner processes (one thread each), answers in input order.
#pragma once

#include "harness/upstream/upstream_runner.hpp"

#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace zfcheck {

// Runs fn(part) for parts 0..n-1 on n threads (the calling thread takes part 0).
template <class Fn>
void in_parallel(std::size_t n, Fn&& fn) {
  std::vector<std::thread> threads;
  for (std::size_t i = 1; i < n; ++i) threads.emplace_back([&fn, i] { fn(i); });
  fn(0);
  for (auto& t : threads) t.join();
}

// Starts `jobs` runners with `options` (ready_line set) and waits until each has printed its ready line;
// one that cannot start throws EngineFailure with the reason, one that stops first EngineFailure with
// failure(its exit status).
std::vector<UpstreamRunner> start_pool(const RunnerOptions& options, unsigned jobs,
                                       const std::function<std::string(int status)>& failure);

// Reads what a runner sends after its share of the lines (its answer to `trailer`); returns what stopped
// it, or nothing.
using TrailerReader = std::function<std::string(std::size_t part, UpstreamRunner& runner)>;

// Sends `lines` to `runners` in consecutive shares (part i to runner i, `trailer` after each share when not
// empty) and reads one answer line per line, in input order. A runner that stops early throws
// EngineFailure naming its exit status and the line (or trailer) it stopped on, after stopping every runner
// (`runners` is then empty).
std::vector<std::string> answer_on_pool(std::vector<UpstreamRunner>& runners,
                                        const std::vector<std::string>& lines,
                                        const std::string& trailer = "",
                                        const TrailerReader& read_trailer = {});

// An engine's runners, started by `start` on first use; batches answered on several threads take turns, a
// grid walk's in its order (wait_for_earlier_batches).
class RunnerPool {
 public:
  explicit RunnerPool(std::function<std::vector<UpstreamRunner>()> start) : start_(std::move(start)) {}
  // answer_on_pool on the runners, started first where they are not running (after a failure too).
  std::vector<std::string> answer(const std::vector<std::string>& lines, const std::string& trailer = "",
                                  const TrailerReader& read_trailer = {});

 private:
  std::function<std::vector<UpstreamRunner>()> start_;
  std::mutex mutex_;
  std::vector<UpstreamRunner> runners_;
};

}  // namespace zfcheck
