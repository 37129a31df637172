// Reading the runner's files with git (nothing else of the repository is touched) and digesting them.
#include "harness/upstream/upstream_source.hpp"

#include "harness/checks/engine.hpp"

#include "harness/io/shell_output.hpp"
#include "harness/io/shell_quote.hpp"
#include "harness/io/whole_number.hpp"

#define XXH_INLINE_ALL  // xxHash compiled into this unit: the program needs no libxxhash at run time
#include <xxhash.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <new>
#include <set>
#include <sstream>
#include <vector>

namespace zfcheck {

namespace {

constexpr std::string_view kConfigFile = "deepspeed/runtime/zenflow/zenflow_config.py";

// The paths a runner script names in constants of the form NAME_FILE = "path", one a line.
std::vector<std::string> file_constants(std::string_view script_text) {
  std::vector<std::string> files;
  std::istringstream script{std::string(script_text)};
  for (std::string line; std::getline(script, line);) {
    auto equals = line.find("_FILE = \"");
    if (equals != std::string::npos && line.find(' ') > equals && line.back() == '"')
      files.push_back(line.substr(equals + 9, line.size() - equals - 10));
  }
  return files;
}

}  // namespace

std::vector<std::string> runner_files() {
  std::vector<std::string> files;
  std::istringstream script{std::string(upstream_runner_files().front().text)};
  std::string line;
  bool in_table = false;
  while (std::getline(script, line)) {
    if (line.starts_with("REAL_MODULES = {")) in_table = true;
    else if (in_table && line.starts_with("}")) break;
    else if (in_table) {
      auto colon = line.find("\": \"");
      if (colon != std::string::npos) files.push_back(line.substr(colon + 4, line.rfind('"') - colon - 4));
    }
  }
  return files;
}

std::vector<std::string> runner_data_files() { return file_constants(upstream_runner_files().front().text); }

std::vector<std::string> topk_runner_source_files() {
  return file_constants(topk_runner_files().front().text);
}

std::string scripts_digest(std::span<const EmbeddedFile> scripts) {
  std::string all;
  for (const EmbeddedFile& script : scripts) all += std::string(script.text) + "\n";
  return digest(all);
}

namespace {

std::string hex(XXH128_hash_t hash) {
  char out[33];
  std::snprintf(out, sizeof out, "%016llx%016llx", static_cast<unsigned long long>(hash.high64),
                static_cast<unsigned long long>(hash.low64));
  return out;
}

}  // namespace

std::string digest(std::string_view text) { return hex(XXH3_128bits(text.data(), text.size())); }

std::string digest(const std::vector<std::string>& lines) {
  std::unique_ptr<XXH3_state_t, decltype(&XXH3_freeState)> state(XXH3_createState(), XXH3_freeState);
  if (!state || XXH3_128bits_reset(state.get()) != XXH_OK) throw std::bad_alloc();
  for (const std::string& line : lines) {
    XXH3_128bits_update(state.get(), line.data(), line.size());
    XXH3_128bits_update(state.get(), "\n", 1);
  }
  return hex(XXH3_128bits_digest(state.get()));
}

std::pair<std::string, std::optional<std::string>> split_upstream_spec(const std::string& spec) {
  std::error_code ec;
  for (auto at = spec.rfind('@'); at != std::string::npos && at > 0; at = spec.rfind('@', at - 1)) {
    if (std::filesystem::is_directory(spec.substr(0, at), ec)) return {spec.substr(0, at), spec.substr(at + 1)};
    if (at == 0) break;
  }
  return {spec, std::nullopt};
}

namespace {

// The texts of those of `files` that commit `sha` has, read by one `git cat-file --batch` (`git`: "git -C
// <checkout>"): per name a header "<object> blob <size>" and the text, or "<name> missing".
std::map<std::string, std::string> files_at(const std::string& git, const std::string& sha,
                                            const std::vector<std::string>& files) {
  std::string names;
  for (const std::string& file : files) names += sha + ":" + file + "\n";
  auto [out, status] = shell_output("printf %s " + shell_quote(names) + " | " + git + " cat-file --batch");
  std::map<std::string, std::string> texts;
  std::size_t at = 0;
  for (const std::string& file : files) {
    const std::size_t end = out.find('\n', at);
    if (status != 0 || end == std::string::npos) break;
    const std::string_view header(out.data() + at, end - at);
    at = end + 1;
    const std::size_t type = header.find(' '), size_at = header.rfind(' ');
    std::size_t size = 0;
    if (type == size_at || !parse_whole_number(header.substr(size_at + 1), size)) continue;  // missing
    if (header.substr(type + 1, size_at - type - 1) == "blob") texts.emplace(file, out.substr(at, size));
    at += size + 1;
  }
  return texts;
}

// `files` of the checkout at `path` (at `rev`, or its working tree), keyed with the runner `scripts`.
tl::expected<UpstreamSource, std::string> read_source(const std::string& path, const std::optional<std::string>& rev,
                                                      const std::vector<std::string>& files,
                                                      std::span<const EmbeddedFile> scripts) {
  std::error_code ec;
  if (!std::filesystem::is_directory(path, ec)) return tl::unexpected(path + " is not a directory");
  UpstreamSource source{path, rev, "worktree", {}, {}};
  const std::string git = "git -C " + shell_quote(path);
  if (rev) {
    if (rev->empty() || rev->front() == '-') return tl::unexpected(std::string("the revision after @ is empty or starts with -"));
    auto sha = resolve_commit(path, *rev);
    if (!sha) return tl::unexpected("no revision " + *rev + " in " + path + " (not a git repository, or an unknown revision)");
    source.label = *sha;
  }
  if (rev) {
    source.files = files_at(git, source.label, files);
  } else {
    for (const std::string& file : files) {
      if (std::ifstream in{std::filesystem::path(path) / file, std::ios::binary}) {
        std::ostringstream text;
        text << in.rdbuf();
        source.files.emplace(file, text.str());
      }
    }
  }
  std::string all;
  for (const EmbeddedFile& script : scripts) all += std::string(script.text) + "\n";
  for (const auto& [file, text] : source.files) all += "\n" + file + "\n" + std::to_string(text.size()) + "\n" + text;
  source.key = digest(all);
  return source;
}

std::string where(const std::string& path, const std::optional<std::string>& rev) {
  return path + (rev ? " at " + *rev : std::string(" (working tree)"));
}

}  // namespace

tl::expected<UpstreamSource, std::string> read_upstream_source(const std::string& path,
                                                               const std::optional<std::string>& rev) {
  std::vector<std::string> files = runner_files();
  for (std::string& file : runner_data_files()) files.push_back(std::move(file));
  auto source = read_source(path, rev, files, upstream_runner_files());
  if (source && !source->files.contains(std::string(kConfigFile)))
    return tl::unexpected(where(path, rev) + " has no " + std::string(kConfigFile) +
                          ": not a DeepSpeed checkout with ZenFlow");
  return source;
}

tl::expected<UpstreamSource, std::string> read_topk_source(const std::string& path,
                                                           const std::optional<std::string>& rev) {
  const std::vector<std::string> files = topk_runner_source_files();
  auto source = read_source(path, rev, files, topk_runner_files());
  if (source && source->files.empty()) {
    std::string names;
    for (const std::string& f : files) names += (names.empty() ? "" : ", ") + f;
    return tl::unexpected(where(path, rev) + " has none of " + names +
                          ": not a DeepSpeed checkout with ZenFlow's top-k selection");
  }
  return source;
}

tl::expected<on_interrupt::TemporaryPath, std::string> write_source_tree(const UpstreamSource& source) {
  auto dir = on_interrupt::TemporaryPath::make_directory("zfcheck-upstream");
  if (!dir) return dir;
  for (const auto& [file, text] : source.files) {
    std::filesystem::path full = std::filesystem::path(dir->path()) / file;
    std::error_code ec;
    std::filesystem::create_directories(full.parent_path(), ec);
    std::ofstream out(full, std::ios::binary);
    out << text;
    if (!out) return tl::unexpected("cannot write " + full.string());
  }
  return dir;
}

const std::string& written_source_tree(const UpstreamSource& source,
                                       std::optional<on_interrupt::TemporaryPath>& tree) {
  if (!tree) {
    auto dir = write_source_tree(source);
    if (!dir) throw EngineFailure(dir.error());
    tree.emplace(std::move(*dir));
  }
  return tree->path();
}

namespace {

// The commits `git log ARGS` lists, one "sha<TAB>date<TAB>subject" line each.
std::optional<std::vector<UpstreamCommit>> logged_commits(const std::string& path, const std::string& args) {
  auto [out, status] = shell_output("git -C " + shell_quote(path) + " log --date=short --format=%h%x09%ad%x09%s " + args);
  if (status != 0) return std::nullopt;
  std::vector<UpstreamCommit> list;
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    auto a = line.find('\t'), b = line.find('\t', a + 1);
    if (a != std::string::npos && b != std::string::npos) list.push_back({line.substr(0, a), line.substr(a + 1, b - a - 1), line.substr(b + 1)});
  }
  return list;
}

}  // namespace

std::optional<std::string> resolve_commit(const std::string& path, const std::string& rev) {
  if (rev.empty() || rev.front() == '-') return std::nullopt;
  auto [sha, status] = shell_output("git -C " + shell_quote(path) + " rev-parse --verify --quiet --short=9 " +
                                    shell_quote(rev + "^{commit}"));
  if (status != 0 || sha.empty()) return std::nullopt;
  return sha.substr(0, sha.find('\n'));
}

tl::expected<std::vector<UpstreamCommit>, std::string> first_parent_commits(
    const std::string& path, const std::string& since, const std::string& until,
    const std::vector<std::string>& also) {
  for (const std::string* rev : {&since, &until}) {
    if (rev->starts_with("-")) return tl::unexpected("the revision " + *rev + " starts with -");
  }
  if (until.empty()) return tl::unexpected(std::string("--until names no revision"));
  std::string range = since.empty() ? until : since + ".." + until;
  std::string args = "--first-parent --reverse " + shell_quote(range) + " --";
  std::set<std::string> files(also.begin(), also.end());
  for (std::string& f : runner_files()) files.insert(std::move(f));
  for (const std::string& f : files) args += " " + shell_quote(f);
  auto list = logged_commits(path, args);
  if (!list) return tl::unexpected("cannot list the commits " + range + " of " + path);
  if (!since.empty()) {
    auto first = logged_commits(path, "-1 " + shell_quote(since) + " --");
    if (!first || first->empty()) return tl::unexpected("no revision " + since + " in " + path);
    list->insert(list->begin(), first->front());
  }
  return *list;
}

}  // namespace zfcheck
