// Generates the problem set, reads the reviewed seeds, and feeds both revisions' answers to TopkChanges in
// batches (one cache entry each).
#include "harness/cli/topk_review.hpp"

#include "harness/io/data_dir.hpp"
#include "harness/io/progress.hpp"
#include "kernels/check/topk_generators.hpp"
#include "kernels/check/topk_io.hpp"
#include "kernels/check/upstream_answer.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace zfcheck::cli {

namespace {

constexpr const char* kSeedsFolder = "corpus/fuzz/topk_fuzzer";

// The reviewed seeds' problem lines, in file name order; none where zfcheck's data has no such folder.
std::vector<std::string> reviewed_seeds() {
  auto folder = data_path(kSeedsFolder);
  if (!folder) return {};
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(*folder)) {
    if (entry.path().extension() == ".jsonl") files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  std::vector<std::string> lines;
  for (const auto& file : files) {
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
      if (line.find_first_not_of(" \t\r") != std::string::npos) lines.push_back(line);
    }
  }
  return lines;
}

// The invariants each revision's answer breaks; none where the line is not a problem or a side could not
// answer it.
std::optional<TopkJudgement> judge(const std::string& line, const nlohmann::ordered_json& base,
                                   const nlohmann::ordered_json& head) {
  auto parsed = parse_topk_problem(line);
  if (!parsed) return std::nullopt;
  auto before = read_upstream_answer(parsed->problem, base);
  auto after = read_upstream_answer(parsed->problem, head);
  if (!before || !after) return std::nullopt;
  return TopkJudgement{upstream_violations(parsed->problem, *before),
                       upstream_violations(parsed->problem, *after)};
}

}  // namespace

void add_topk_review_options(CLI::App* cmd, TopkReviewChoice& choice) {
  cmd->add_option("--topk-problems", choice.problems,
                  "Generated top-k problems run through upstream's selection code at both revisions, besides "
                  "the reviewed top-k seeds (0: no top-k part)")
      ->capture_default_str();
  cmd->add_option("--topk-seed", choice.seed, "The top-k problems' seed")->capture_default_str();
  cmd->add_option("--topk-python", choice.python,
                  "Python 3 with torch, for upstream's selection code (Debian's python3-torch serves "
                  "/usr/bin/python3); without torch the top-k part is not evaluated, and the output says so")
      ->capture_default_str();
  cmd->add_option("--topk-device", choice.device, "The torch device upstream's selection code runs on")
      ->capture_default_str();
}

TopkProblemSet topk_review_problems(const TopkReviewChoice& choice) {
  TopkProblemSet set;
  gen::sample_topk_problem_lines(choice.seed, choice.problems,
                                 [&](const std::string& line) { set.lines.push_back(line); });
  std::vector<std::string> seeds = reviewed_seeds();
  set.lines.insert(set.lines.end(), seeds.begin(), seeds.end());
  std::ostringstream description;
  description << choice.problems << " generated problems (seed " << choice.seed << ") and ";
  if (seeds.empty())
    description << "no reviewed seeds (zfcheck's data has no " << kSeedsFolder << ")";
  else
    description << seeds.size() << " reviewed seeds (" << kSeedsFolder << ")";
  set.description = description.str();
  return set;
}

std::optional<TopkReview> review_topk(const std::string& base_spec, const std::string& head_spec,
                                      const TopkReviewChoice& choice, const EngineChoice& runner) {
  if (choice.problems == 0) return std::nullopt;
  EngineChoice torch = runner;
  torch.python = choice.python;
  torch.device = choice.device;
  auto base = open_topk_upstream(base_spec, torch, "topk-");
  if (!base) throw EngineFailure("base: " + base.error());
  auto head = open_topk_upstream(head_spec, torch, "topk-");
  if (!head) throw EngineFailure("head: " + head.error());
  TopkProblemSet set = topk_review_problems(choice);
  TopkReview review{set.description, std::nullopt, ""};
  TopkChanges changes;
  Progress progress = Progress::on_terminal("top-k " + (*base)->name() + " -> " + (*head)->name(),
                                            set.lines.size(), "problems");
  try {
    for (std::size_t begin = 0; begin < set.lines.size(); begin += kTopkUpstreamBatch) {
      std::size_t end = std::min(set.lines.size(), begin + kTopkUpstreamBatch);
      std::vector<std::string> batch(set.lines.begin() + static_cast<std::ptrdiff_t>(begin),
                                     set.lines.begin() + static_cast<std::ptrdiff_t>(end));
      auto before = (*base)->answers(batch);
      auto after = (*head)->answers(batch);
      for (std::size_t i = 0; i < batch.size(); ++i)
        changes.add(batch[i], before[i], after[i], judge(batch[i], before[i], after[i]));
      progress.update(end);
    }
  } catch (const TorchMissing& e) {
    progress.finish();
    review.not_evaluated = e.what();
    return review;
  }
  progress.finish();
  review.changes = std::move(changes);
  return review;
}

}  // namespace zfcheck::cli
