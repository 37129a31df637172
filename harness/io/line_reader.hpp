// Reads input one line at a time in bounded memory: a line longer than the cap is skipped and reported.
#pragma once

#include <cstddef>
#include <istream>
#include <string>
#include <string_view>

namespace zfcheck {

inline constexpr std::size_t kMaxLineBytes = std::size_t{64} << 20;

class LineReader {
 public:
  explicit LineReader(std::istream& in, std::size_t max_bytes = kMaxLineBytes) : in_(in), max_bytes_(max_bytes) {}

  // The next line without its '\n'; false at the end of the input. `too_long` says the line passed
  // the cap: `line` then holds only its first bytes.
  bool next(std::string& line, bool& too_long);
  // 1-based number of the line `next` returned last.
  std::size_t line_number() const { return number_; }

 private:
  bool fill();

  std::istream& in_;
  std::size_t max_bytes_;
  std::size_t number_ = 0;
  std::string buffer_;
  std::size_t pos_ = 0;
  bool eof_ = false;
};

}  // namespace zfcheck
