// The upstream files the runner loads, read from a DeepSpeed checkout's working tree or from one git revision.
#pragma once

#include "harness/io/embedded_file.hpp"
#include "harness/upstream/interrupt_cleanup.hpp"

#include <tl/expected.hpp>

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace zfcheck {

// harness/upstream/zf_upstream.py, the runner script (first), and the modules beside it it imports
// (zf_coverage.py), as built into zfcheck.
std::span<const EmbeddedFile> upstream_runner_files();
// harness/upstream/zf_topk_upstream.py, the top-k runner script, as built into zfcheck.
std::span<const EmbeddedFile> topk_runner_files();

struct UpstreamSource {
  std::string path;                // the checkout or repository
  std::optional<std::string> rev;  // as given; none: the working tree
  std::string label;               // "<short sha>" or "worktree", for the profile name upstream@<label>
  std::map<std::string, std::string> files;  // repository path -> content; a file the revision lacks is absent
  std::string key;                 // a digest of the files and of the runner script: the cache key's first half
};

// Splits "PATH[@REV]" at the '@' whose left side is an existing directory (none: no revision).
std::pair<std::string, std::optional<std::string>> split_upstream_spec(const std::string& spec);

// Reads every file the runner lists (zf_upstream.py --list-files) with `git show REV:path` or from the
// working tree. Errors: not a directory, not a git repository, an unknown revision, no ZenFlow config file
// there (not a DeepSpeed checkout with ZenFlow).
tl::expected<UpstreamSource, std::string> read_upstream_source(const std::string& path,
                                                               const std::optional<std::string>& rev);

// The same for the top-k runner's files (zf_topk_upstream.py --list-files). Errors as above, but for the
// missing-file check: none of its files there (not a DeepSpeed checkout with ZenFlow's top-k selection).
tl::expected<UpstreamSource, std::string> read_topk_source(const std::string& path,
                                                           const std::optional<std::string>& rev);

// A new temporary directory holding the files at their repository paths (what a runner reads as a working
// tree), removed when the returned object goes.
tl::expected<on_interrupt::TemporaryPath, std::string> write_source_tree(const UpstreamSource& source);
// The path of `tree`, written from `source` the first time it is asked for (a revision's runners share it).
// Throws EngineFailure where it cannot be written.
const std::string& written_source_tree(const UpstreamSource& source,
                                       std::optional<on_interrupt::TemporaryPath>& tree);

// The files the runner loads as modules (its REAL_MODULES table), repository paths: what review and history
// follow from one revision to the next.
std::vector<std::string> runner_files();
// The data files it also reads (its *_FILE constants: version.txt, whose version only elastic training's
// check against 0.3.8 reads), repository paths: part of a revision's source, not followed by history.
std::vector<std::string> runner_data_files();
// The files the top-k runner loads (its *_FILE constants), repository paths.
std::vector<std::string> topk_runner_source_files();

// The commit `rev` names in the repository at `path`, as a 9-digit short sha; none when it names none.
std::optional<std::string> resolve_commit(const std::string& path, const std::string& rev);

// A commit of the upstream repository: short sha, date (YYYY-MM-DD) and subject.
struct UpstreamCommit {
  std::string sha, date, subject;
};
// The first-parent commits in since..until (since empty: up to until) that changed a file the runner
// loads, or one of `also`, oldest first; with `since`, that revision itself first (the baseline the others
// are compared with).
tl::expected<std::vector<UpstreamCommit>, std::string> first_parent_commits(
    const std::string& path, const std::string& since, const std::string& until,
    const std::vector<std::string>& also = {});

// A digest of a runner's scripts as built into zfcheck: what a key that holds across revisions starts with.
std::string scripts_digest(std::span<const EmbeddedFile> scripts);

// xxHash's XXH3 128-bit digest as 32 hex digits, of `text` (the cache's keys and checksums).
std::string digest(std::string_view text);
// The same of `lines`, each followed by a newline, without joining them.
std::string digest(const std::vector<std::string>& lines);

}  // namespace zfcheck
