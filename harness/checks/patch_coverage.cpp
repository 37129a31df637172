// Changed lines from git's unified diff, held against the executed lines of the new revision.
#include "harness/checks/patch_coverage.hpp"

#include <charconv>
#include <sstream>

namespace zfcheck {

namespace {

// The number at the start of `text` (0 when there is none), and where it ends.
int leading_number(std::string_view text, std::size_t& end) {
  int value = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  end = static_cast<std::size_t>(ptr - text.data());
  return ec == std::errc{} ? value : 0;
}

// Line `number` (1-based) of `text`, without its newline; empty past the end.
std::string line_of(const std::string& text, int number) {
  std::size_t at = 0;
  for (int i = 1; i < number && at != std::string::npos; ++i) {
    at = text.find('\n', at);
    if (at != std::string::npos) ++at;
  }
  if (at == std::string::npos || at >= text.size()) return "";
  return text.substr(at, text.find('\n', at) - at);
}

}  // namespace

std::map<std::string, std::vector<int>> changed_lines(const std::string& diff_text) {
  std::map<std::string, std::vector<int>> out;
  std::istringstream lines(diff_text);
  std::string file;
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("+++ ")) {
      file = line.starts_with("+++ b/") ? line.substr(6) : "";  // "+++ /dev/null": a deleted file
    } else if (line.starts_with("@@ ") && !file.empty()) {
      // "@@ -a[,b] +c[,d] @@": the new side's lines c .. c+d-1 (d is 1 when absent, 0 for a pure deletion).
      std::size_t plus = line.find(" +");
      if (plus == std::string::npos) continue;
      std::string_view rest = std::string_view(line).substr(plus + 2);
      std::size_t end = 0;
      int first = leading_number(rest, end);
      int count = 1;
      if (end < rest.size() && rest[end] == ',') {
        std::size_t count_end = 0;
        count = leading_number(rest.substr(end + 1), count_end);
      }
      for (int i = 0; i < count; ++i) out[file].push_back(first + i);
    }
  }
  return out;
}

PatchCoverage measure_patch(const std::map<std::string, std::vector<int>>& changed,
                            const std::map<std::string, std::string>& texts, const LinesByFile& executable,
                            const LinesByFile& executed, const std::string& tool) {
  PatchCoverage out;
  out.tool = tool;
  for (const auto& [file, numbers] : changed) {
    auto text = texts.find(file);
    auto code = executable.find(file);
    auto ran = executed.find(file);
    for (int number : numbers) {
      ++out.changed;
      if (code != executable.end() && !code->second.contains(number)) continue;
      ++out.code;
      if (ran != executed.end() && ran->second.contains(number)) {
        ++out.reached;
      } else {
        out.unreached.push_back({file, number, text == texts.end() ? "" : line_of(text->second, number)});
      }
    }
  }
  return out;
}

std::string patch_coverage_summary(const PatchCoverage& c) {
  std::string by = " (" + (c.tool.empty() ? std::string("nothing ran") : c.tool) + ")";
  if (c.code == 0)
    return "no changed code line (" + std::to_string(c.changed) + " changed lines, none with code)";
  if (c.unreached.empty())
    return (c.code == 1 ? std::string("the one changed code line ran")
                        : "all " + std::to_string(c.code) + " changed code lines ran") +
           by;
  return std::to_string(c.reached) + " of " + std::to_string(c.code) + " changed code lines ran, " +
         std::to_string(c.unreached.size()) + " in no case" + by;
}

}  // namespace zfcheck
