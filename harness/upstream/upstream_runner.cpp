// Process plumbing for the upstream runners: a temporary copy of the script, posix_spawn, a read pipe.
#include "harness/upstream/upstream_runner.hpp"

#include "harness/io/case_io.hpp"
#include "harness/io/shell_quote.hpp"
#include "harness/upstream/interrupt_cleanup.hpp"
#include "harness/upstream/upstream_source.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <thread>
#include <vector>

extern char** environ;

namespace zfcheck {

namespace {

// How long next() waits before reading the runner's output when no whole line is waiting.
constexpr std::chrono::milliseconds kReadPause{2};

}  // namespace

tl::expected<UpstreamRunner, std::string> UpstreamRunner::start(const RunnerOptions& options,
                                                                const std::string& cases_path) {
  UpstreamRunner runner;
  const bool topk = options.script == RunnerScript::topk;
  std::span<const EmbeddedFile> files = topk ? topk_runner_files() : upstream_runner_files();
  auto dir = on_interrupt::TemporaryPath::make_directory("zfcheck-runner");
  if (!dir) return tl::unexpected(dir.error());
  const std::string script = dir->path() + "/" + std::string(files.front().name);
  for (const EmbeddedFile& file : files) std::ofstream(dir->path() + "/" + std::string(file.name)) << file.text;
  runner.script_dir_.emplace(std::move(*dir));
  std::vector<std::string> args{options.python, script, "--deepspeed", options.deepspeed};
  if (options.rev) {
    args.push_back("--rev");
    args.push_back(*options.rev);
  }
  if (options.ready_line) args.push_back("--ready");
  if (topk) {
    args.push_back("--device");
    args.push_back(options.device);
    if (options.selection_key) args.push_back("--selection-key");
  } else {
    if (options.schema) args.push_back("--schema");
    if (options.units) args.push_back("--units");
    if (options.units_table) args.push_back("--units-table");
    args.push_back("--max-micro-steps");
    args.push_back(std::to_string(kMaxMicroSteps));
  }
  if (options.coverage) args.push_back("--coverage");
  for (const auto& a : args) runner.command_ += (runner.command_.empty() ? "" : " ") + shell_quote(a);
  if (!cases_path.empty()) runner.command_ += " < " + shell_quote(cases_path);

  int in_fd = -1;
  if (cases_path.empty()) {
    int in_pipe[2];
    if (pipe2(in_pipe, O_CLOEXEC) != 0)
      return tl::unexpected(std::string("cannot create a pipe: ") + std::strerror(errno));
    in_fd = in_pipe[0];
    runner.in_ = in_pipe[1];
  } else {
    in_fd = open(cases_path.c_str(), O_RDONLY | O_CLOEXEC);
  }
  if (in_fd < 0) return tl::unexpected("cannot open " + cases_path + ": " + std::strerror(errno));
  int pipe_fds[2];
  if (pipe2(pipe_fds, O_CLOEXEC) != 0) {
    close(in_fd);
    return tl::unexpected(std::string("cannot create a pipe: ") + std::strerror(errno));
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in_fd, STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int rc = posix_spawnp(&runner.pid_, options.python.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in_fd);
  close(pipe_fds[1]);
  if (rc != 0) {
    close(pipe_fds[0]);
    runner.pid_ = -1;
    return tl::unexpected("cannot start " + options.python + ": " + std::strerror(rc) +
                          (topk ? " (point --python at a Python with torch)"
                                : " (point --python at the Python of the DeepSpeed environment, with pydantic 2)"));
  }
  on_interrupt::stop_child(runner.pid_);
  runner.out_ = pipe_fds[0];
  return runner;
}

UpstreamRunner::UpstreamRunner(UpstreamRunner&& other) noexcept
    : pid_(other.pid_),
      out_(other.out_),
      read_(std::move(other.read_)),
      read_at_(other.read_at_),
      in_(other.in_),
      script_dir_(std::move(other.script_dir_)),
      command_(std::move(other.command_)) {
  other.pid_ = -1;
  other.out_ = -1;
  other.in_ = -1;
}

UpstreamRunner::~UpstreamRunner() {
  close_input();
  if (pid_ > 0) {
    kill(pid_, SIGTERM);
    finish();
  }
  if (out_ >= 0) close(out_);
}

bool UpstreamRunner::next(std::string& line) {
  for (;;) {
    const std::size_t end = read_.find('\n', read_at_);
    if (end != std::string::npos) {
      line.assign(read_, read_at_, end - read_at_);
      read_at_ = end + 1;
      return true;
    }
    read_.erase(0, read_at_);
    read_at_ = 0;
    if (out_ < 0) {
      line = std::move(read_);
      read_.clear();
      return !line.empty();
    }
    // No whole line is waiting: a pause lets the runner write several before this thread is woken for them
    // (a wake-up per answer costs more than the answer).
    std::this_thread::sleep_for(kReadPause);
    char buf[1 << 16];
    const ssize_t n = read(out_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n > 0) {
      read_.append(buf, static_cast<std::size_t>(n));
    } else {
      close(out_);
      out_ = -1;
    }
  }
}

bool UpstreamRunner::send(std::string_view lines) {
  while (!lines.empty()) {
    ssize_t n = write(in_, lines.data(), lines.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    lines.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

void UpstreamRunner::close_input() {
  if (in_ >= 0) close(in_);
  in_ = -1;
}

int UpstreamRunner::finish() {
  if (pid_ <= 0) return -1;
  on_interrupt::forget_child(pid_);
  int status = 0;
  while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  pid_ = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace zfcheck
