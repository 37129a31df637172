// ReviewedCase files: directory listing, reading with the file and field named, exclusive creation, slugs.
#include "harness/corpus/reviewed_case_files.hpp"

#include "harness/io/json_error_text.hpp"
#include "harness/io/named_input.hpp"
#include "reference/py_json.hpp"
#include "reference/utf8.hpp"

#include <algorithm>
#include <cstdio>
#include <memory>

namespace zfcheck {

namespace fs = std::filesystem;

namespace {

// The line that holds a field, found by looking for each key of its path ("expect.pr-8456.outcome") in
// turn after the previous one: the line of the deepest key found, else (a key missing from the top
// object) the line where the seed's object opens. A hint for the reader: the seed's shape is checked on
// the parsed value, which keeps no positions.
std::size_t line_of_field(std::string_view text, std::string_view field) {
  std::size_t found = position_at(text, std::min(text.find_first_not_of(" \t\r\n"), text.size())).line;
  std::size_t from = 0;
  while (!field.empty()) {
    std::string_view key = field.substr(0, field.find('.'));
    field.remove_prefix(std::min(field.size(), key.size() + 1));
    std::size_t at = text.find("\"" + std::string(key) + "\"", from);
    if (at == std::string_view::npos) break;
    found = position_at(text, at).line;
    from = at + key.size() + 2;
  }
  return found;
}

}  // namespace

tl::expected<std::vector<fs::path>, std::string> reviewed_case_files(const std::vector<std::string>& paths) {
  std::vector<fs::path> out;
  for (const std::string& p : paths) {
    std::error_code ec;
    if (fs::is_directory(p, ec)) {
      std::vector<fs::path> files;
      for (const auto& entry : fs::directory_iterator(p, ec)) {
        if (entry.path().extension() == ".json" && entry.is_regular_file()) files.push_back(entry.path());
      }
      if (ec) return tl::unexpected(p + ": " + ec.message());
      std::sort(files.begin(), files.end());
      out.insert(out.end(), files.begin(), files.end());
    } else if (p == "-" || fs::is_regular_file(p, ec)) {
      out.emplace_back(p);
    } else {
      return tl::unexpected(p + ": no such file or directory");
    }
  }
  return out;
}

tl::expected<ReviewedCase, std::string> read_reviewed_case(std::string_view name, std::string_view text) {
  const std::string where(name);
  if (std::size_t bad = utf8::first_invalid(text); bad != std::string::npos)
    return tl::unexpected(where + ": " + line_and_column(text, bad) + ": not UTF-8 text");
  auto value = py::parse_json(text);
  if (!value) return tl::unexpected(json_error_message(name, text, value.error()));
  auto seed = seed_from_value(*value);
  if (!seed) {
    return tl::unexpected(where + ": line " + std::to_string(line_of_field(text, seed.error().field)) + ": " +
                          seed.error().field + ": " + seed.error().reason);
  }
  return std::move(*seed);
}

tl::expected<ReviewedCase, std::string> read_reviewed_case_file(const fs::path& path) {
  auto input = read_input_text(path.string(), kMaxSeedBytes);
  if (!input) return tl::unexpected(input.error());
  return read_reviewed_case(input->name, input->text);
}

tl::expected<void, std::string> write_new_file(const fs::path& path, std::string_view text) {
  // "x": fail when the file exists, so two writers cannot both create it.
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "wx"), std::fclose);
  if (!file) {
    std::error_code ec;
    if (fs::exists(path, ec)) return tl::unexpected(path.string() + " already exists; not overwriting it");
    return tl::unexpected(path.string() + ": cannot be created");
  }
  if (std::fwrite(text.data(), 1, text.size(), file.get()) != text.size() || std::fflush(file.get()) != 0)
    return tl::unexpected(path.string() + ": write failed");
  return {};
}

std::string slug_of(std::string_view title) {
  auto alnum = [](char ch) {
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
  };
  std::string slug;
  for (std::size_t i = 0; i < title.size(); ++i) {
    char ch = title[i];
    bool sign = ch == '-' && i + 1 < title.size() && title[i + 1] >= '0' && title[i + 1] <= '9' &&
                (i == 0 || !alnum(title[i - 1]));
    if (alnum(ch)) {
      slug += static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
    } else if (sign) {
      slug += "minus-";  // "steps_per_epoch -5" -> "steps-per-epoch-minus-5"
    } else if (ch != '\'' && !slug.empty() && slug.back() != '-') {
      slug += '-';  // apostrophes vanish: "reviewer's" -> "reviewers"
    }
  }
  constexpr std::size_t kMaxSlug = 80;
  if (slug.size() > kMaxSlug) {
    std::size_t cut = slug.rfind('-', kMaxSlug);
    slug.resize(cut == std::string::npos || cut == 0 ? kMaxSlug : cut);
  }
  while (!slug.empty() && slug.back() == '-') slug.pop_back();
  return slug;
}

}  // namespace zfcheck
