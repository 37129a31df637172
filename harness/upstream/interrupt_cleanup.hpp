// What an interrupted zfcheck (SIGINT, SIGTERM, SIGHUP) undoes before it dies: the runner processes it
// started and the temporary files it wrote. Installed with the first thing tracked.
#pragma once

#include <tl/expected.hpp>

#include <string>
#include <string_view>
#include <sys/types.h>

namespace zfcheck::on_interrupt {

// A child process to stop (SIGTERM, then reaped) on an interrupt, until forget_child(pid); forget it
// before reaping it yourself.
void stop_child(pid_t pid);
void forget_child(pid_t pid);

// A temporary file or directory tree: removed when it goes out of scope, and on an interrupt.
class TemporaryPath {
 public:
  // A new directory, or empty file, $TMPDIR/PREFIX-XXXXXX; the reason when it cannot be made.
  static tl::expected<TemporaryPath, std::string> make_directory(std::string_view prefix);
  static tl::expected<TemporaryPath, std::string> make_file(std::string_view prefix);
  // A path the caller writes itself (a file renamed into place once complete is gone by then).
  explicit TemporaryPath(std::string path);
  TemporaryPath(TemporaryPath&& other) noexcept;
  TemporaryPath& operator=(TemporaryPath&&) = delete;
  ~TemporaryPath();

  const std::string& path() const { return path_; }

 private:
  std::string path_;  // empty once moved from
};

}  // namespace zfcheck::on_interrupt
