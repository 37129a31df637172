// The GPU pack's top-k agreement: upstream's own selection code (zf_topk_upstream.py's answers) against
// the oracle, and the kernels (CUDA, or their CPU build) against the oracle, on the same problems.
#include "kernels/check/kernel_judgement.hpp"
#include "kernels/check/selection_rules.hpp"
#include "kernels/check/topk_conformance.hpp"
#include "kernels/check/topk_generators.hpp"
#include "kernels/check/topk_io.hpp"
#include "kernels/kernel_answer.hpp"
#include "kernels/oracle/topk_oracle.hpp"
#include "reference/profile.hpp"
#ifdef ZFCHECK_HAVE_CUDA
#include "kernels/cuda/kernel_answer_cuda.hpp"
#endif

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace zfcheck {

namespace {

using ojson = nlohmann::ordered_json;

constexpr int kAgree = 0, kDisagree = 1, kUsage = 2;

int usage_error(const std::string& why) {
  std::cerr << "zfcheck_topk_agreement: " << why << "\n";
  return kUsage;
}

// The kernels the answers are judged with: "cuda" (the CUDA kernels, where built with them) or "cpu".
using KernelRun = tl::expected<kernels::KernelOutput, Error> (*)(const SelectionProblem&);

tl::expected<KernelRun, std::string> kernels_named(const std::string& name) {
  if (name == "cpu") return &kernels::run_kernel_cpu;
#ifdef ZFCHECK_HAVE_CUDA
  std::string unavailable = kernels::cuda_device_unavailable();
  if (!unavailable.empty()) return tl::unexpected("--kernels cuda: " + unavailable);
  return &kernels::run_kernel_cuda;
#else
  return tl::unexpected(
      std::string("--kernels cuda: this build has no CUDA kernels (build the cuda preset)"));
#endif
}

// The kernel judgement over all problems: how many pass, and per failure sentence its count and the
// shortest problem that shows it.
struct KernelTally {
  std::size_t passed = 0;
  std::size_t total = 0;
  std::map<std::string, std::pair<std::size_t, std::string>> failures;

  bool add(const std::string& line, const KernelJudgement& judgement) {
    ++total;
    if (judgement.failures.empty()) {
      ++passed;
      return true;
    }
    for (const std::string& failure : judgement.failures) {
      auto& [count, shortest] = failures[failure];
      if (count++ == 0 || line.size() < shortest.size()) shortest = line;
    }
    return false;
  }
};

struct CompareOptions {
  std::string profile{kDefaultProfile};
  std::string problems, upstream, kernels = "cuda", upstream_replay;
};

int compare(const CompareOptions& options) {
  auto profile = find_profile(options.profile);
  if (!profile) return usage_error("--profile: " + profile.error());
  auto run_kernel = kernels_named(options.kernels);
  if (!run_kernel) return usage_error(run_kernel.error());
  std::ifstream problems(options.problems), upstream(options.upstream);
  if (!problems) return usage_error("cannot read the problems, " + options.problems);
  if (!upstream) return usage_error("cannot read upstream's answers, " + options.upstream);

  TopkConformance conformance;
  KernelTally kernel_tally;
  std::size_t all_three = 0, number = 0;  // all three: over the problems upstream answered
  std::string torch;
  std::string line, answer_line;
  while (std::getline(problems, line)) {
    ++number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;  // the runner skips it too
    if (!std::getline(upstream, answer_line))
      return usage_error("upstream's answers end before problem line " + std::to_string(number));
    ojson answer = ojson::parse(answer_line, nullptr, false);
    if (!answer.is_object())
      return usage_error("upstream's answer to line " + std::to_string(number) + " is not a JSON object");
    if (torch.empty()) torch = answer.value("torch", "");
    auto parsed = parse_topk_problem(line);
    if (!parsed) {
      conformance.add_invalid("line " + std::to_string(number) + ": " + parsed.error().error.message);
      continue;
    }
    apply_selection_rules(parsed->problem.layout, profile->switches);
    auto oracle = oracle_answer(parsed->problem);
    if (!oracle) {
      conformance.add_invalid("line " + std::to_string(number) + ": " + oracle.error().message);
      continue;
    }
    std::size_t agreed_before = conformance.agreed();
    conformance.add(line, parsed->problem, topk_answer_to_json(parsed->id, *oracle), answer);
    bool upstream_agrees = conformance.agreed() > agreed_before;
    bool kernel_passes =
        kernel_tally.add(line, judge_kernel_run(parsed->problem, oracle, (*run_kernel)(parsed->problem)));
    all_three += upstream_agrees && kernel_passes ? 1 : 0;
  }
  if (problems.bad() || upstream.bad()) return usage_error("read error");

  const std::string oracle_replay = "zfcheck topk --profile '" + profile->name + "' -";
  const std::string kernels_name = options.kernels == "cuda" ? "the CUDA kernels" : "the kernels' CPU build";
  std::cout << "== upstream's selection code (torch " << (torch.empty() ? "?" : torch)
            << ") against the oracle (profile " << profile->name << ")\n"
            << conformance.render(oracle_replay, options.upstream_replay);
  std::cout << "\n== " << kernels_name << " against the oracle\n"
            << "kernel judgement: " << kernel_tally.passed << "/" << kernel_tally.total << " problems pass\n";
  for (const auto& [failure, seen] : kernel_tally.failures)
    std::cout << "\nFAIL " << failure << ": " << seen.first << " (shortest problem below)\n"
              << "  problem: " << seen.second << "\n"
              << "  replay on the CPU build: echo '" << seen.second
              << "' | zfcheck topk --impl both --profile '" << profile->name << "' -\n";
  std::cout << "\n== agreement\nupstream and the oracle: " << conformance.agreed() << "/"
            << conformance.problems() << " problems; " << kernels_name
            << " and the oracle: " << kernel_tally.passed << "/" << kernel_tally.total
            << "; all three: " << all_three << "/" << conformance.problems() << "\n";
  if (!conformance.invalid().empty()) return kUsage;
  bool agree = conformance.agreed() == conformance.problems() && kernel_tally.passed == kernel_tally.total;
  return agree ? kAgree : kDisagree;
}

}  // namespace

}  // namespace zfcheck

int main(int argc, char** argv) {
  using namespace zfcheck;
  CLI::App app{
      "The GPU pack's top-k agreement: upstream's own selection code against the oracle, and the kernels "
      "against the oracle, on one set of problems"};
  app.require_subcommand(1);

  std::uint64_t seed = 1;
  std::size_t count = 240;
  CLI::App* generate = app.add_subcommand(
      "generate", "Writes generated top-k problems (JSON Lines, ids topk-generated-<i>) to standard output");
  generate->add_option("--count", count, "How many problems")->capture_default_str();
  generate
      ->add_option("--seed", seed,
                   "The generator's seed (the same problems as `zfcheck conformance "
                   "--topk --generated COUNT --seed SEED`)")
      ->capture_default_str();

  CompareOptions options;
  CLI::App* compare_app = app.add_subcommand(
      "compare",
      "Compares upstream's answers (zf_topk_upstream.py's output for PROBLEMS) with the oracle's, and judges "
      "the kernels' answers against the oracle's; exit 0 when all agree, 1 when not, 2 on unusable input");
  compare_app->add_option("--problems", options.problems, "The problems, JSON Lines")->required();
  compare_app->add_option("--upstream", options.upstream, "zf_topk_upstream.py's answers, line for line")
      ->required();
  compare_app
      ->add_option("--profile", options.profile, "The profile whose selection rules the oracle follows")
      ->capture_default_str();
  compare_app->add_option("--kernels", options.kernels, "The kernels judged: cuda or cpu (their CPU build)")
      ->check(CLI::IsMember({"cuda", "cpu"}))
      ->capture_default_str();
  compare_app
      ->add_option("--upstream-replay", options.upstream_replay,
                   "The command that replays upstream's answer to a problem given on standard input")
      ->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? kAgree : kUsage;
  }
  if (generate->parsed()) {
    std::cerr << "zfcheck_topk_agreement: " << count << " generated problems, seed " << seed << "\n";
    gen::sample_topk_problem_lines(seed, count, [](const std::string& line) { std::cout << line << "\n"; });
    return std::cout.flush() ? kAgree : kUsage;
  }
  return compare(options);
}
