// Each runner gets a writer thread for its share while the calling threads read the answers back.
#include "harness/upstream/runner_pool.hpp"

#include "harness/checks/engine.hpp"

#include <algorithm>
#include <csignal>

namespace zfcheck {

std::vector<UpstreamRunner> start_pool(const RunnerOptions& options, unsigned jobs,
                                       const std::function<std::string(int status)>& failure) {
  std::signal(SIGPIPE, SIG_IGN);  // a runner that dies is reported, not a reason to die
  std::vector<UpstreamRunner> runners;
  for (unsigned i = 0; i < jobs; ++i) {
    auto runner = UpstreamRunner::start(options, "");
    if (!runner) throw EngineFailure(runner.error());
    runners.push_back(std::move(*runner));
  }
  for (auto& runner : runners) {
    std::string line;
    if (!runner.next(line) || line != "{\"ready\": true}") {
      runner.close_input();
      throw EngineFailure(failure(runner.finish()));
    }
  }
  return runners;
}

std::vector<std::string> answer_on_pool(std::vector<UpstreamRunner>& runners,
                                        const std::vector<std::string>& lines, const std::string& trailer,
                                        const TrailerReader& read_trailer) {
  const std::size_t parts = std::min<std::size_t>(runners.size(), std::max<std::size_t>(1, lines.size()));
  std::vector<std::string> out(lines.size());
  std::vector<std::string> stopped_on(parts);  // what a runner that stopped was answering
  auto begin = [&](std::size_t part) { return lines.size() * part / parts; };
  in_parallel(parts, [&](std::size_t part) {
    UpstreamRunner& runner = runners[part];
    std::thread writer([&] {
      std::string text;
      for (std::size_t i = begin(part); i < begin(part + 1); ++i) text += lines[i] + "\n";
      if (!trailer.empty()) text += trailer + "\n";
      runner.send(text);
    });
    for (std::size_t i = begin(part); i < begin(part + 1) && stopped_on[part].empty(); ++i) {
      if (!runner.next(out[i])) stopped_on[part] = "the case " + lines[i];
    }
    if (read_trailer && stopped_on[part].empty()) stopped_on[part] = read_trailer(part, runner);
    if (!stopped_on[part].empty()) runner.close_input();
    writer.join();
  });
  for (std::size_t part = 0; part < parts; ++part) {
    if (stopped_on[part].empty()) continue;
    int status = runners[part].finish();
    runners.clear();  // stops the others
    throw EngineFailure("the upstream runner stopped (exit status " + std::to_string(status) + ") on " +
                        stopped_on[part] + "; no result of this run is complete");
  }
  return out;
}

std::vector<std::string> RunnerPool::answer(const std::vector<std::string>& lines, const std::string& trailer,
                                            const TrailerReader& read_trailer) {
  wait_for_earlier_batches();  // the runners answer a walk's batches in its order, as they would one by one
  std::lock_guard lock(mutex_);
  if (runners_.empty()) runners_ = start_();
  return answer_on_pool(runners_, lines, trailer, read_trailer);
}

}  // namespace zfcheck
