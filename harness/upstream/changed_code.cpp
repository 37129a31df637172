// git diff -U0 of the runner's files between two revisions, measured against the executed lines.
#include "harness/upstream/changed_code.hpp"

#include "harness/io/shell_output.hpp"
#include "harness/io/shell_quote.hpp"
#include "harness/upstream/upstream_source.hpp"

#include <set>

namespace zfcheck {

std::string parent_or_empty_tree(const std::string& repo, const std::string& sha) {
  return resolve_commit(repo, sha + "^") ? sha + "^"
                                         : std::string("4b825dc642cb6eb9a060e54bf8d69288fbee4904");
}

tl::expected<PatchCoverage, std::string> patch_coverage(const std::string& repo, const std::string& from,
                                                        const std::string& to,
                                                        const std::map<std::string, std::string>& to_files,
                                                        const ExecutedLines& ran) {
  for (const std::string* rev : {&from, &to}) {
    if (rev->empty() || rev->front() == '-')
      return tl::unexpected("the revision '" + *rev + "' cannot be diffed");
  }
  std::string command = "git -C " + shell_quote(repo) + " diff -U0 --no-color --no-ext-diff --no-renames " +
                        shell_quote(from) + " " + shell_quote(to) + " --";
  std::set<std::string> files;
  for (std::string& f : runner_files()) files.insert(std::move(f));
  // The top-k runner's files where it measured them: a change outside the functions it runs is then no code.
  for (std::string& f : topk_runner_source_files()) {
    if (ran.executable.contains(f)) files.insert(std::move(f));
  }
  for (const std::string& f : files) command += " " + shell_quote(f);
  auto [diff, status] = shell_output(command);
  if (status != 0) return tl::unexpected("git cannot diff " + from + " and " + to + " in " + repo);
  return measure_patch(changed_lines(diff), to_files, ran.executable, ran.executed, ran.tool);
}

}  // namespace zfcheck
