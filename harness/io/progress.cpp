// A single self-overwriting progress line on standard error.
#include "harness/io/progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <iostream>

namespace zfcheck {

Progress::Progress(std::string label, std::uint64_t total, std::ostream* sink, Clock::duration delay,
                   std::string unit)
    : label_(std::move(label)),
      unit_(std::move(unit)),
      total_(total),
      sink_(sink),
      started_(Clock::now()),
      show_from_(started_ + delay) {}

Progress Progress::on_terminal(std::string label, std::uint64_t total, std::string unit) {
  return Progress(std::move(label), total, isatty(STDERR_FILENO) ? &std::cerr : nullptr, std::chrono::seconds(1),
                  std::move(unit));
}

void Progress::update(std::uint64_t done) {
  if (sink_ == nullptr || Clock::now() < show_from_) return;
  shown_ = true;
  *sink_ << '\r' << label_ << ": " << done;
  if (total_ > 0) *sink_ << '/' << total_ << ' ' << unit_ << " (" << done * 100 / total_ << "%)";
  if (total_ == 0) *sink_ << ' ' << unit_;
  double seconds = std::chrono::duration<double>(Clock::now() - started_).count();
  if (done > 0 && seconds > 0) {
    double rate = static_cast<double>(done) / seconds;
    *sink_ << ", " << static_cast<std::uint64_t>(rate) << ' ' << unit_ << "/s";
    if (total_ > 0)
      *sink_ << ", ETA " << static_cast<std::uint64_t>(static_cast<double>(total_ - std::min(done, total_)) / rate)
             << " s";
    *sink_ << "   ";
  }
  *sink_ << std::flush;
}

void Progress::finish() {
  if (!shown_) return;
  *sink_ << '\r' << std::string(label_.size() + 96, ' ') << '\r' << std::flush;
  shown_ = false;
}

}  // namespace zfcheck
