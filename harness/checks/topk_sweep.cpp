// The top-k sweep loop and a top-k finding as corpus/findings records it.
#include "harness/checks/topk_sweep.hpp"

#include "harness/checks/topk_grid.hpp"
#include "harness/io/replay_command.hpp"
#include "kernels/check/kernel_judgement.hpp"
#include "kernels/check/selection_rules.hpp"
#include "kernels/check/topk_invariants.hpp"
#include "kernels/check/topk_io.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <algorithm>
#include <stdexcept>

namespace zfcheck {

TopkSweep sweep_topk(const Switches& rules) {
  const auto catalogue = topk_invariants();
  TopkSweep sweep{topk_grid_size(), {}};
  std::vector<TopkFinding> by_invariant(catalogue.size());
  for (std::uint64_t index = 0; index < sweep.problems; ++index) {
    SelectionProblem problem = topk_grid_problem(index);
    apply_selection_rules(problem.layout, rules);
    auto answer = oracle_answer(problem);
    if (!answer)  // every grid problem is well formed: an error here is zfcheck's defect
      throw std::logic_error("top-k grid problem " + std::to_string(index) + ": " + answer.error().message);
    for (const std::string& name : topk_violations(TopkSubject{problem, *answer})) {
      auto at = std::find_if(catalogue.begin(), catalogue.end(),
                             [&](const TopkInvariant& i) { return i.name == name; });
      TopkFinding& finding = by_invariant[static_cast<std::size_t>(at - catalogue.begin())];
      if (finding.count++ == 0) {
        finding.invariant = name;
        finding.index = index;
        finding.violations = impl_both_violations(problem, *answer);
        finding.example = problem;
        finding.answer = *answer;
      }
    }
  }
  for (TopkFinding& finding : by_invariant)
    if (finding.count > 0) sweep.findings.push_back(std::move(finding));
  return sweep;
}

nlohmann::ordered_json topk_finding_json(const TopkFinding& finding, std::string_view profile) {
  std::string id = "topk-grid-" + std::to_string(finding.index);
  nlohmann::ordered_json example = topk_problem_to_json(id, finding.example);
  nlohmann::ordered_json answer = topk_answer_to_json(id, finding.answer);
  answer["violations"] = finding.violations;
  nlohmann::ordered_json out;
  out["invariant"] = finding.invariant;
  out["count"] = finding.count;
  out["example"] = example;
  out["answer"] = answer;
  out["replay"] =
      "echo " + shell_quote(example.dump()) + " | zfcheck topk --impl both " + profile_option(profile) + " -";
  return out;
}

}  // namespace zfcheck
