// Generates the problem set, reads the reviewed seeds, runs a revision on them in batches (one cache entry
// each) judging each answer, and compares two runs.
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

// The invariants an answer breaks; none where the line is not a problem or the revision could not answer it.
std::optional<std::vector<std::string>> judge(const std::string& line, const nlohmann::ordered_json& answer) {
  auto parsed = parse_topk_problem(line);
  if (!parsed) return std::nullopt;
  auto read = read_upstream_answer(parsed->problem, answer);
  if (!read) return std::nullopt;
  return upstream_violations(parsed->problem, *read);
}

// The top-k runner at `spec` as review and history run it: --topk-python, --topk-device, measured.
std::unique_ptr<TopkUpstream> open_for_review(const std::string& spec, const TopkReviewChoice& choice,
                                              const EngineChoice& runner) {
  EngineChoice torch = runner;
  torch.python = choice.python;
  torch.device = choice.device;
  // What ran: the patch coverage, and the lines kept with the answers other revisions reuse.
  torch.coverage = true;
  auto upstream = open_topk_upstream(spec, torch, "topk-");
  if (!upstream) throw EngineFailure(upstream.error());
  return std::move(*upstream);
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

std::set<std::string> TopkRevisionRun::broken_anywhere() const {
  std::set<std::string> names;
  for (const auto& problem : broken)
    if (problem) names.insert(problem->begin(), problem->end());
  return names;
}

std::string topk_selection_key(const std::string& spec, const TopkReviewChoice& choice,
                               const EngineChoice& runner) {
  return open_for_review(spec, choice, runner)->selection_key();
}

TopkRevisionRun run_topk_revision(const std::string& spec, const TopkProblemSet& set,
                                  const TopkReviewChoice& choice, const EngineChoice& runner) {
  std::unique_ptr<TopkUpstream> upstream = open_for_review(spec, choice, runner);
  TopkRevisionRun run{upstream->name(), {}, {}, {}, upstream->files(), {}, upstream->selection_key()};
  Progress progress = Progress::on_terminal("top-k " + run.name, set.lines.size(), "problems");
  for (std::size_t begin = 0; begin < set.lines.size(); begin += kTopkUpstreamBatch) {
    std::size_t end = std::min(set.lines.size(), begin + kTopkUpstreamBatch);
    std::vector<std::string> batch(set.lines.begin() + static_cast<std::ptrdiff_t>(begin),
                                   set.lines.begin() + static_cast<std::ptrdiff_t>(end));
    auto answers = upstream->answers(batch);
    for (std::size_t i = 0; i < batch.size(); ++i) {
      run.broken.push_back(judge(batch[i], answers[i]));
      run.answers.push_back(std::move(answers[i]));
    }
    progress.update(end);
  }
  progress.finish();
  run.ran = upstream->executed_lines();
  run.answered = upstream->reuse_counts();
  return run;
}

TopkChanges compare_topk(const TopkProblemSet& set, const TopkRevisionRun& base,
                         const TopkRevisionRun& head) {
  TopkChanges changes;
  for (std::size_t i = 0; i < set.lines.size(); ++i) {
    std::optional<TopkJudgement> judgement;
    if (base.broken[i] && head.broken[i]) judgement = TopkJudgement{*base.broken[i], *head.broken[i]};
    changes.add(set.lines[i], base.answers[i], head.answers[i], judgement);
  }
  return changes;
}

TopkReviewRun review_topk(const std::string& base_spec, const std::string& head_spec,
                          const TopkReviewChoice& choice, const EngineChoice& runner) {
  if (choice.problems == 0) return {};
  TopkProblemSet set = topk_review_problems(choice);
  TopkReviewRun out{TopkReview{set.description, std::nullopt, ""}, {}, {}, {}};
  try {
    TopkRevisionRun base = run_topk_revision(base_spec, set, choice, runner);
    TopkRevisionRun head = run_topk_revision(head_spec, set, choice, runner);
    out.review->changes = compare_topk(set, base, head);
    for (const auto& [side, run] : {std::pair{"base ", &base}, std::pair{"head ", &head}})
      out.answered.push_back(side + run->name + ": " + run->answered.summary());
    out.head_ran = std::move(head.ran);
    out.head_files = std::move(head.files);
  } catch (const TorchMissing& e) {
    out.review->not_evaluated = e.what();
  }
  return out;
}

}  // namespace zfcheck::cli
