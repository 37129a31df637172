// Changed lines from git's unified diff, held against the executed lines of the new revision.
#include "harness/upstream/patch_coverage.hpp"

#include "harness/io/shell_quote.hpp"
#include "harness/upstream/upstream_source.hpp"

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

std::string parent_or_empty_tree(const std::string& repo, const std::string& sha) {
  return resolve_commit(repo, sha + "^") ? sha + "^" : std::string("4b825dc642cb6eb9a060e54bf8d69288fbee4904");
}

tl::expected<PatchCoverage, std::string> patch_coverage(const std::string& repo, const std::string& from,
                                                        const std::string& to,
                                                        const std::map<std::string, std::string>& to_files,
                                                        const ExecutedLines& ran) {
  for (const std::string* rev : {&from, &to}) {
    if (rev->empty() || rev->front() == '-') return tl::unexpected("the revision '" + *rev + "' cannot be diffed");
  }
  std::string command = "git -C " + shell_quote(repo) + " diff -U0 --no-color --no-ext-diff --no-renames " +
                        shell_quote(from) + " " + shell_quote(to) + " --";
  for (const std::string& f : runner_files()) command += " " + shell_quote(f);
  auto [diff, status] = shell_output(command);
  if (status != 0) return tl::unexpected("git cannot diff " + from + " and " + to + " in " + repo);
  PatchCoverage out;
  out.tool = ran.tool;
  for (const auto& [file, numbers] : changed_lines(diff)) {
    auto text = to_files.find(file);
    auto code = ran.executable.find(file);
    auto executed = ran.executed.find(file);
    for (int number : numbers) {
      ++out.changed;
      // A file the runner reported nothing for (no case ran): every changed line counts as code.
      if (code != ran.executable.end() && !code->second.contains(number)) continue;
      ++out.code;
      if (executed != ran.executed.end() && executed->second.contains(number)) {
        ++out.reached;
      } else {
        out.unreached.push_back({file, number, text == to_files.end() ? "" : line_of(text->second, number)});
      }
    }
  }
  return out;
}

std::string patch_coverage_summary(const PatchCoverage& c) {
  std::string by = " (" + (c.tool.empty() ? std::string("nothing ran") : c.tool) + ")";
  if (c.code == 0) return "no changed code line (" + std::to_string(c.changed) + " changed lines, none with code)";
  if (c.unreached.empty())
    return (c.code == 1 ? std::string("the one changed code line ran") : "all " + std::to_string(c.code) + " changed code lines ran") + by;
  return std::to_string(c.reached) + " of " + std::to_string(c.code) + " changed code lines ran, " +
         std::to_string(c.unreached.size()) + " in no case" + by;
}

}  // namespace zfcheck
