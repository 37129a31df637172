// Help footers with exit statuses, and --help-all with the footers.
#include "harness/cli/help_text.hpp"

namespace zfcheck::cli {

namespace {

constexpr std::size_t kWidth = 110;

// `text` as lines of at most kWidth characters, broken at spaces.
std::string wrapped(std::string_view text) {
  std::string out, line;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find(' ', at);
    std::string_view word =
        text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
    if (!line.empty() && line.size() + 1 + word.size() > kWidth) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + std::string(word);
    at = end == std::string_view::npos ? text.size() : end + 1;
  }
  return out + line;
}

// Each line of `text` wrapped by itself: a line that fits is kept as written (its indent included).
std::string wrapped_lines(std::string_view text) {
  std::string out;
  while (!text.empty()) {
    std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    out += (line.size() <= kWidth ? std::string(line) : wrapped(line)) + "\n";
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  return out;
}

}  // namespace

void set_help_footer(CLI::App* cmd, std::string_view about, const ExitStatuses& exits) {
  std::string statuses = "Exit status: 0 " + exits.ok + ", " +
                         (exits.finding.empty() ? "" : "1 " + exits.finding + ", ") + "2 " + exits.usage +
                         ".";
  cmd->footer(wrapped_lines(about) + wrapped(statuses));
}

std::string HelpFormatter::make_expanded(const CLI::App* sub) const {
  std::string out = CLI::Formatter::make_expanded(sub);
  std::string footer = sub->get_footer();
  if (footer.empty()) return out;
  std::string indented = "  ";
  for (char ch : footer) indented += ch == '\n' ? std::string("\n  ") : std::string(1, ch);
  return out + indented + "\n";
}

}  // namespace zfcheck::cli
