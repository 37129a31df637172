// An input named on the command line, a file or "-" for standard input: opened for streaming, or read whole
// under a size cap, with errors that name it.
#pragma once

#include <tl/expected.hpp>

#include <cstddef>
#include <istream>
#include <memory>
#include <string>

namespace zfcheck {

// How messages name an input: its path, or "standard input" for "-".
std::string input_name(const std::string& path);

// An input to stream (case lines, problem lines).
class InputFile {
 public:
  // Opens `path` ("-": standard input); on failure `error()` says why, naming it ("<name>: is a directory").
  explicit InputFile(const std::string& path);
  std::istream& stream() { return *stream_; }
  const std::string& error() const { return error_; }
  const std::string& name() const { return name_; }

 private:
  std::unique_ptr<std::istream> owned_;
  std::istream* stream_ = nullptr;
  std::string error_;
  std::string name_;
};

// A whole input and the name messages give it.
struct InputText {
  std::string name;
  std::string text;
};

// Reads `path` ("-": standard input) whole, refusing more than `max_bytes` (a file larger than that is
// refused unread). The error is one line naming the input: "<name>: no such file", "<name>: is a directory,
// not a file", "<name>: cannot be read: <the system's reason>", "<name>: larger than <limit> (<n> bytes)",
// "<name>: a read error".
tl::expected<InputText, std::string> read_input_text(const std::string& path, std::size_t max_bytes);

// "1 MiB", "64 KiB", "100 bytes": a size limit as messages give it.
std::string size_text(std::size_t bytes);

}  // namespace zfcheck
