// The top-k runner's selection key (zf_topk_upstream.py --selection-key): what every answer depends on at a
// revision, and where the functions it runs lie, so that lines that ran at one revision map to another.
#pragma once

#include "harness/upstream/executed_lines.hpp"

#include <tl/expected.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

class SelectionKey {
 public:
  // The runner's --selection-key line; the error names what is wrong with it.
  static tl::expected<SelectionKey, std::string> from_json(std::string_view line);

  // Equal at two revisions: every problem gets the same answer at both.
  const std::string& key() const { return key_; }
  // The lines of this revision's files as lines of the functions run, counted from each def line (under
  // "<file>:<function>"): the form that holds at any revision with this key. The error names a line outside
  // every function.
  tl::expected<ExecutedLines, std::string> relative(const ExecutedLines& lines) const;
  // relative()'s form, at this revision's line numbers.
  ExecutedLines placed(const ExecutedLines& relative) const;

 private:
  struct Function {
    std::string file, name;
    int first = 0, def = 0, last = 0;  // its first decorator's line, its def line, its last line
    std::string relative_name() const { return file + ":" + name; }
  };
  std::string key_;
  std::vector<Function> functions_;
};

}  // namespace zfcheck
