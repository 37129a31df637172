// Runs the built zfcheck binary from a test and captures its output and exit status; scratch files.
#pragma once

#include "reference/tests/test_paths.hpp"
#include "scratch_dir.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace zfcheck::testing {

struct Run {
  int status = -1;
  std::string out;
};

// Runs a shell command line, standard output captured; standard error dropped, or captured with it when
// `with_stderr`.
inline Run run_shell(const std::string& command_line, bool with_stderr = false) {
  Run r;
  std::string command = "{ " + command_line + "; }" + (with_stderr ? " 2>&1" : " 2>/dev/null");
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return r;
  char buf[65536];
  std::size_t n = 0;
  while ((n = fread(buf, 1, sizeof buf, pipe)) > 0) r.out.append(buf, n);
  int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

// Runs `zfcheck <args>` (the build's binary) as run_shell does.
inline Run run_zfcheck(const std::string& args, bool with_stderr = false) {
  return run_shell(std::string(testing::kZfcheckBinary) + " " + args, with_stderr);
}

// Whether the run printed `text` (on the streams it captured).
inline bool output_has(const Run& run, const std::string& text) {
  return run.out.find(text) != std::string::npos;
}

// Runs `zfcheck <args>` with standard error captured too: success when it exits `status` and prints `text`.
inline ::testing::AssertionResult exits_printing(const std::string& args, int status,
                                                 const std::string& text) {
  Run run = run_zfcheck(args, true);
  if (run.status == status && output_has(run, text)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "zfcheck " << args << " exited " << run.status << " (expected " << status << "), printing:\n"
         << run.out << "(expected to print: " << text << ")";
}

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace zfcheck::testing
