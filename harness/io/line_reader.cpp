// Bounded line reading over any stream.
#include "harness/io/line_reader.hpp"

#include <algorithm>

namespace zfcheck {

bool LineReader::fill() {
  if (eof_) return false;
  if (pos_ > 0) {
    buffer_.erase(0, pos_);
    pos_ = 0;
  }
  constexpr std::size_t kChunk = 1 << 16;
  std::size_t old = buffer_.size();
  buffer_.resize(old + kChunk);
  in_.read(buffer_.data() + old, static_cast<std::streamsize>(kChunk));
  std::size_t got = static_cast<std::size_t>(in_.gcount());
  buffer_.resize(old + got);
  if (got == 0) eof_ = true;
  return got > 0;
}

bool LineReader::next(std::string& line, bool& too_long) {
  line.clear();
  too_long = false;
  bool any = false;
  while (true) {
    std::size_t nl = buffer_.find('\n', pos_);
    std::size_t end = nl == std::string::npos ? buffer_.size() : nl;
    if (end > pos_) any = true;
    std::size_t room = max_bytes_ > line.size() ? max_bytes_ - line.size() : 0;
    std::size_t take = std::min(end - pos_, room);
    line.append(buffer_, pos_, take);
    if (end - pos_ > take) too_long = true;
    if (nl != std::string::npos) {
      pos_ = nl + 1;
      ++number_;
      return true;
    }
    pos_ = buffer_.size();
    if (!fill()) {
      if (!any) return false;
      ++number_;
      return true;
    }
  }
}

}  // namespace zfcheck
