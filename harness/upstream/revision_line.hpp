// One line a runner prints about a revision instead of answers (--schema, --units-table, --selection-key),
// kept in the cache.
#pragma once

#include "harness/upstream/result_cache.hpp"
#include "harness/upstream/upstream_runner.hpp"

#include <functional>
#include <string>

namespace zfcheck {

struct RevisionLineRequest {
  const ResultCache& cache;
  std::string key;                          // its cache key
  std::function<RunnerOptions()> options;   // of the runner that prints it (called only where not cached)
  std::function<std::string(int)> failure;  // the message for a runner that exits with this status
  std::string name;                         // the revision's name, for messages: upstream@<sha>
};

// The line from the cache, else from a runner; `read` takes it, returning the error that makes it not what
// was asked, else "". Only a line `read` takes is stored. Throws EngineFailure where the runner fails or
// `read` refuses the line (naming the revision and that error).
void revision_line(const RevisionLineRequest& request,
                   const std::function<std::string(const std::string&)>& read);

}  // namespace zfcheck
