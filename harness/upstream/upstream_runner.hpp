// Starts a Python runner of upstream DeepSpeed code (harness/upstream/zf_upstream.py for configs,
// zf_topk_upstream.py for top-k problems) and reads its results.
#pragma once

#include "harness/upstream/interrupt_cleanup.hpp"

#include <tl/expected.hpp>

#include <sys/types.h>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace zfcheck {

// Which runner: config cases (eval format) or top-k problems (topk format).
enum class RunnerScript { config, topk };

struct RunnerOptions {
  std::string python = "python3";
  std::string deepspeed;                          // checkout or git repository
  std::optional<std::string> rev = std::nullopt;  // the files at this revision; none: the working tree
  RunnerScript script = RunnerScript::config;     // run from the copy built into zfcheck
  bool ready_line = false;  // ask the runner to print {"ready": true} once its modules are loaded
  bool coverage = false;    // record the lines of upstream's files that run (zf_coverage.py)
  // The top-k runner only:
  std::string device = "cpu";  // the torch device upstream's code runs on
  bool selection_key = false;  // ask for the revision's selection key (one line) instead of results
  // The config runner only:
  bool schema = false;  // ask for the revision's ZenFlowConfig fields (one line) instead of results
  bool units = false;   // prefix each answer with what the case executed (zf_units.py's trace)
  bool units_table = false;  // ask for the revision's units (one line, zf_units.py) instead of results
};

// One runner process over cases or problems (a file, or lines sent to it); results arrive one line per
// input line, in order.
class UpstreamRunner {
 public:
  // `cases_path` empty: the cases are sent with send() and the input closed with close_input().
  static tl::expected<UpstreamRunner, std::string> start(const RunnerOptions& options,
                                                         const std::string& cases_path);
  UpstreamRunner(UpstreamRunner&& other) noexcept;
  UpstreamRunner& operator=(UpstreamRunner&&) = delete;
  ~UpstreamRunner();

  // The next result line; false when the runner has closed its output.
  bool next(std::string& line);
  // Writes case lines to the runner's input; false when it no longer reads them.
  bool send(std::string_view lines);
  void close_input();
  // Waits for the runner; its exit status (-1 when it died of a signal).
  int finish();
  // The command line, for messages and replay instructions.
  const std::string& command() const { return command_; }

 private:
  UpstreamRunner() = default;

  pid_t pid_ = -1;
  int out_ = -1;      // the read end of the runner's output; -1 once it has closed it
  std::string read_;  // what was read from it and not yet returned by next()
  std::size_t read_at_ = 0;
  int in_ = -1;  // the write end of the runner's input, when cases are sent
  std::optional<on_interrupt::TemporaryPath> script_dir_;  // holds the built-in script
  std::string command_;
};

}  // namespace zfcheck
