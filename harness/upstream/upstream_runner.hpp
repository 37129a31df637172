// Starts the Python runner of upstream DeepSpeed code (harness/upstream/zf_upstream.py) and reads its results.
#pragma once

#include <tl/expected.hpp>

#include <cstdio>
#include <optional>
#include <string>
#include <sys/types.h>

namespace zfcheck {

struct RunnerOptions {
  std::string python = "python3";
  std::string deepspeed;           // checkout or git repository
  std::optional<std::string> rev;  // read the files at this revision; none: from the checkout's working tree
  std::string script;              // the runner script; empty: the copy built into zfcheck
};

// One runner process over a file of eval-format cases; results arrive one line per case, in order.
class UpstreamRunner {
 public:
  static tl::expected<UpstreamRunner, std::string> start(const RunnerOptions& options, const std::string& cases_path);
  UpstreamRunner(UpstreamRunner&& other) noexcept;
  UpstreamRunner& operator=(UpstreamRunner&&) = delete;
  ~UpstreamRunner();

  // The next result line; false when the runner has closed its output.
  bool next(std::string& line);
  // Waits for the runner; its exit status (-1 when it died of a signal).
  int finish();
  // The command line, for messages and replay instructions.
  const std::string& command() const { return command_; }

 private:
  UpstreamRunner() = default;

  pid_t pid_ = -1;
  FILE* out_ = nullptr;
  std::string script_dir_;  // temporary directory holding the built-in script, removed at the end
  std::string command_;
};

}  // namespace zfcheck
