// The top-k runners: started once, fed each uncached batch split over the pool, answers cached per batch.
#include "harness/upstream/topk_upstream.hpp"

#include "harness/checks/engine.hpp"
#include "harness/upstream/runner_pool.hpp"

#include <algorithm>
#include <thread>

namespace zfcheck {

namespace {

// zf_topk_upstream.py's exit status where its Python has no torch.
constexpr int kNoTorchStatus = 4;

}  // namespace

TopkUpstream::TopkUpstream(UpstreamSource source, TopkUpstreamOptions options)
    : source_(std::move(source)), options_(std::move(options)), cache_(options_.cache_dir) {
  if (options_.jobs == 0) options_.jobs = std::max(1u, std::thread::hardware_concurrency());
}

tl::expected<std::unique_ptr<TopkUpstream>, std::string> TopkUpstream::open(
    const std::string& path, const std::optional<std::string>& rev, const TopkUpstreamOptions& options) {
  auto source = read_topk_source(path, rev);
  if (!source) return tl::unexpected(source.error());
  return std::unique_ptr<TopkUpstream>(new TopkUpstream(std::move(*source), options));
}

void TopkUpstream::start_runners() const {
  if (!runners_.empty()) return;
  if (!tree_dir_) {
    auto dir = write_source_tree(source_);
    if (!dir) throw EngineFailure(dir.error());
    tree_dir_.emplace(std::move(*dir));
  }
  RunnerOptions runner_options{options_.python, tree_dir_->path(), std::nullopt, RunnerScript::topk, true};
  runners_ = start_pool(runner_options, options_.jobs, [this](int status) {
    return status == kNoTorchStatus
               ? options_.python +
                     " has no torch: install Debian's python3-torch (for /usr/bin/python3) or point "
                     "--python at a Python with torch"
               : "the top-k runner could not load " + name() + " (exit status " + std::to_string(status) +
                     "; its message is above)";
  });
}

std::vector<std::string> TopkUpstream::answers(const std::vector<std::string>& problems) const {
  std::string all = source_.key + "\ntopk";
  for (const std::string& line : problems) all += "\n" + line;
  const std::string key = digest(all);
  if (auto cached = cache_.load(key, problems.size())) return std::move(*cached);
  start_runners();
  std::vector<std::string> out = answer_on_pool(runners_, problems);
  cache_.store(key, out);
  return out;
}

}  // namespace zfcheck
