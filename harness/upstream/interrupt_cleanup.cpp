// The interrupt handlers write the signal to a pipe; a watcher thread does the cleanup outside signal
// context, then dies of the same signal (so a shell sees 130 for Ctrl-C).
#include "harness/upstream/interrupt_cleanup.hpp"

#include <cerrno>
#include <cstring>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <mutex>
#include <set>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace zfcheck::on_interrupt {

namespace {

struct Registry {
  std::mutex mutex;
  std::set<pid_t> children;
  std::set<std::string> paths;
};

Registry& registry() {
  static Registry r;
  return r;
}

int signal_pipe[2] = {-1, -1};

void on_signal(int sig) {
  const int saved = errno;
  const unsigned char byte = static_cast<unsigned char>(sig);
  [[maybe_unused]] ssize_t n = write(signal_pipe[1], &byte, 1);
  errno = saved;
}

// Holds the registry to the end: a thread that saw its runner stop waits in forget_child() instead of
// reporting the stop as a failure of its own.
[[noreturn]] void clean_up_and_die(int sig) {
  registry().mutex.lock();
  for (pid_t pid : registry().children) kill(pid, SIGTERM);
  for (pid_t pid : registry().children) {
    while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  std::error_code ignored;
  for (const std::string& path : registry().paths) std::filesystem::remove_all(path, ignored);
  std::signal(sig, SIG_DFL);
  raise(sig);
  _exit(128 + sig);
}

void install_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (pipe2(signal_pipe, O_CLOEXEC) != 0) return;  // no cleanup on interrupt, as before
    std::thread([] {
      unsigned char sig = 0;
      ssize_t n = 0;
      while ((n = read(signal_pipe[0], &sig, 1)) < 0 && errno == EINTR) {
      }
      if (n == 1) clean_up_and_die(sig);
    }).detach();
    struct sigaction action {};
    action.sa_handler = on_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &action, nullptr);
  });
}

template <class T>
void change(std::set<T> Registry::*set, const T& value, bool add) {
  install_once();
  std::lock_guard lock(registry().mutex);
  if (add) {
    (registry().*set).insert(value);
  } else {
    (registry().*set).erase(value);
  }
}

}  // namespace

void stop_child(pid_t pid) { change(&Registry::children, pid, true); }
void forget_child(pid_t pid) { change(&Registry::children, pid, false); }

namespace {

// mkdtemp or mkstemp on $TMPDIR/PREFIX-XXXXXX.
tl::expected<TemporaryPath, std::string> make_temporary(std::string_view prefix, bool directory) {
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::temp_directory_path(ec);
  if (ec) return tl::unexpected("no directory for temporary files ($TMPDIR): " + ec.message());
  std::string path = (dir / (std::string(prefix) + "-XXXXXX")).string();
  bool made = false;
  if (directory) {
    made = mkdtemp(path.data()) != nullptr;
  } else if (int fd = mkstemp(path.data()); fd >= 0) {
    made = true;
    close(fd);
  }
  if (!made) {
    return tl::unexpected("cannot create a temporary " + std::string(directory ? "directory" : "file") + ": " +
                          std::strerror(errno));
  }
  return TemporaryPath(std::move(path));
}

}  // namespace

tl::expected<TemporaryPath, std::string> TemporaryPath::make_directory(std::string_view prefix) {
  return make_temporary(prefix, true);
}

tl::expected<TemporaryPath, std::string> TemporaryPath::make_file(std::string_view prefix) {
  return make_temporary(prefix, false);
}

TemporaryPath::TemporaryPath(std::string path) : path_(std::move(path)) { change(&Registry::paths, path_, true); }

TemporaryPath::TemporaryPath(TemporaryPath&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }

TemporaryPath::~TemporaryPath() {
  if (path_.empty()) return;
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
  change(&Registry::paths, path_, false);
}

}  // namespace zfcheck::on_interrupt
