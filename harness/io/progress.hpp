// Progress of a long walk over the sweep grid, on a terminal only and only once it takes a while.
#pragma once

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>

namespace zfcheck {

class Progress {
 public:
  using Clock = std::chrono::steady_clock;

  // Reports "label: done/total cases (P%), R cases/s, ETA S s" to `sink` (never when it is null), once
  // `delay` has passed; with `total` 0 (not known beforehand: a stream), "label: done cases, R cases/s".
  // `unit` names what is counted ("cases", "problems").
  Progress(std::string label, std::uint64_t total, std::ostream* sink,
           Clock::duration delay = std::chrono::seconds(1), std::string unit = "cases");
  // Reports to standard error when it is a terminal, after a second; otherwise never.
  static Progress on_terminal(std::string label, std::uint64_t total, std::string unit = "cases");

  void update(std::uint64_t done);
  // Clears the progress line, if one was printed.
  void finish();

 private:
  std::string label_;
  std::string unit_;
  std::uint64_t total_;
  std::ostream* sink_;
  Clock::time_point started_;
  Clock::time_point show_from_;
  bool shown_ = false;
};

}  // namespace zfcheck
