// A one-line runner answer about a revision: the cache first, else a runner started with closed input.
#include "harness/upstream/revision_line.hpp"

#include "harness/checks/engine.hpp"

namespace zfcheck {

void revision_line(const RevisionLineRequest& request,
                   const std::function<std::string(const std::string&)>& read) {
  auto cached = request.cache.load(request.key, 1);
  std::string line;
  if (cached) {
    line = cached->front();
  } else {
    auto runner = UpstreamRunner::start(request.options(), "");
    if (!runner) throw EngineFailure(runner.error());
    runner->close_input();
    const bool answered = runner->next(line);
    if (int status = runner->finish(); !answered || status != 0) throw EngineFailure(request.failure(status));
  }
  if (std::string error = read(line); !error.empty()) throw EngineFailure(request.name + ": " + error);
  if (!cached) request.cache.store(request.key, {line});
}

}  // namespace zfcheck
