// The top-k runners: started once, fed each uncached batch split over the pool, answers cached per batch.
#include "harness/upstream/topk_upstream.hpp"

#include "harness/upstream/measured_answers.hpp"
#include "harness/upstream/revision_line.hpp"
#include "harness/upstream/runner_pool.hpp"

#include <algorithm>
#include <thread>

namespace zfcheck {

namespace {

// zf_topk_upstream.py's exit statuses where its Python has no torch, and where its torch cannot use the
// device.
constexpr int kNoTorchStatus = 4;
constexpr int kUnusableDeviceStatus = 5;

}  // namespace

std::string TopkReuseCounts::summary() const {
  if (evaluated == 0)
    return "reused all " + std::to_string(reused) +
           " problems (kept at a revision with the same selection code)";
  return "evaluated " + std::to_string(evaluated) + " of " + std::to_string(reused + evaluated) +
         " problems (none kept for this selection code)";
}

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

const SelectionKey& TopkUpstream::selection() const {
  if (selection_) return *selection_;
  auto options = [this] {
    return RunnerOptions{.python = options_.python,
                         .deepspeed = written_source_tree(source_, tree_dir_),
                         .script = RunnerScript::topk,
                         .selection_key = true};
  };
  auto failure = [this](int status) {
    return "the top-k runner could not read " + name() + "'s selection key (exit status " +
           std::to_string(status) + "; its message is above)";
  };
  revision_line({cache_, digest(source_.key + "\nselection key"), options, failure, name()},
                [this](const std::string& line) {
                  auto read = SelectionKey::from_json(line);
                  if (!read) return read.error();
                  selection_ = std::move(*read);
                  return std::string();
                });
  return *selection_;
}

std::vector<UpstreamRunner> TopkUpstream::start_runners() const {
  RunnerOptions runner_options{.python = options_.python,
                               .deepspeed = written_source_tree(source_, tree_dir_),
                               .script = RunnerScript::topk,
                               .ready_line = true,
                               .coverage = options_.coverage,
                               .device = options_.device};
  return start_pool(runner_options, options_.jobs, [this](int status) {
    if (status == kNoTorchStatus)
      throw TorchMissing(options_.python +
                         " has no torch: install Debian's python3-torch (for /usr/bin/python3) "
                         "or point --" +
                         options_.options_prefix + "python at a Python with torch");
    if (status == kUnusableDeviceStatus)
      return "--" + options_.options_prefix + "python's torch cannot use --" + options_.options_prefix +
             "device " + options_.device + " (its message is above)";
    return "the top-k runner could not load " + name() + " (exit status " + std::to_string(status) +
           "; its message is above)";
  });
}

std::vector<nlohmann::ordered_json> TopkUpstream::answers(const std::vector<std::string>& problems) const {
  static const std::string scripts = scripts_digest(topk_runner_files());
  // A device may answer otherwise (float16).
  std::string all = scripts + "\n" + selection().key() + "\ntopk on " + options_.device;
  for (const std::string& line : problems) all += "\n" + line;
  std::vector<nlohmann::ordered_json> out;
  auto parse = [&](const std::vector<std::string>& lines) {
    out.clear();
    for (std::size_t i = 0; i < lines.size(); ++i) {
      auto answer = nlohmann::ordered_json::parse(lines[i], nullptr, false);
      if (!answer.is_object())
        throw EngineFailure("the top-k runner's answer to " + problems[i] +
                            " is not a JSON object: " + lines[i].substr(0, 300));
      out.push_back(std::move(answer));
    }
  };
  const AcrossRevisions across{
      .keep =
          [this](const ExecutedLines& ran) {
            auto kept = selection().relative(ran);
            if (!kept) throw EngineFailure(name() + ": the top-k runner's lines that ran: " + kept.error());
            return *kept;
          },
      .place = [this](const ExecutedLines& kept) { return selection().placed(kept); },
      .verify = options_.verify,
      .engine = name()};
  MeasuredAnswers batch =
      answer_measured(cache_, digest(all), problems, options_.coverage, pool_, parse, &across);
  if (batch.cached) parse(batch.answers);
  (batch.cached || batch.verified ? counts_.reused : counts_.evaluated) += problems.size();
  executed_.merge(batch.ran);
  return out;
}

}  // namespace zfcheck
