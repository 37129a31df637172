// Top-k property bodies on one selection problem: the oracle and the kernel's CPU build under both 1-D rules.
#include "properties/suite/topk_bodies.hpp"

#include "kernels/check/kernel_judgement.hpp"
#include "kernels/check/topk_invariants.hpp"
#include "kernels/kernel_answer.hpp"
#include "kernels/oracle/columns.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <algorithm>
#include <string>

namespace zfcheck::props {

namespace {

// The problem under each 1-D rule, upstream's first, and how a failure names the rule.
template <class Check>
std::optional<Failure> under_both_rules(SelectionProblem problem, Check check) {
  for (bool shift : {true, false}) {
    problem.layout.one_d_params_shift_offsets = shift;
    if (auto failure = check(problem))
      return *failure + (shift ? "" : " (under one_d_params_shift_offsets=off)");
  }
  return std::nullopt;
}

}  // namespace

std::optional<Failure> kernel_agrees_with_the_oracle(const SelectionProblem& problem) {
  return under_both_rules(problem, [](const SelectionProblem& p) -> std::optional<Failure> {
    auto judgement = judge_kernel_run(p, oracle_answer(p), kernels::run_kernel_cpu(p));
    if (judgement.failures.empty()) return std::nullopt;
    return "kernel vs oracle: " + judgement.failures.front();
  });
}

std::optional<Failure> oracle_breaks_only_upstreams_known_findings(const SelectionProblem& problem) {
  return under_both_rules(problem, [](const SelectionProblem& p) -> std::optional<Failure> {
    auto oracle = oracle_answer(p);
    if (!oracle) return std::nullopt;
    for (const std::string& name : topk_violations(TopkSubject{p, *oracle})) {
      bool known = std::find(kUpstreamTopkFindings.begin(), kUpstreamTopkFindings.end(), name) !=
                   kUpstreamTopkFindings.end();
      if (!known || (!p.layout.one_d_params_shift_offsets && name == "topk-scores-own-columns"))
        return "the oracle breaks " + name;
    }
    return std::nullopt;
  });
}

std::optional<Failure> scores_own_columns_breaks_only_where_read_elsewhere(const SelectionProblem& problem) {
  auto answer = oracle_answer(problem);
  auto places = param_places(problem.layout);
  if (!answer || !places) return std::nullopt;
  bool read_elsewhere = false;
  for (std::size_t p = 0; p < places->size(); ++p) {
    read_elsewhere = read_elsewhere || (answer->params[p] && !answer->params[p]->skipped &&
                                        (*places)[p].read_begin != (*places)[p].bucket_begin);
  }
  if (read_elsewhere && (problem.layout.stage == 3 || !problem.layout.one_d_params_shift_offsets))
    return std::string("a parameter is read from elsewhere in the bucket outside upstream's stage-1/2 rule");
  auto broken = topk_violations(TopkSubject{problem, *answer});
  if (!read_elsewhere && std::find(broken.begin(), broken.end(), "topk-scores-own-columns") != broken.end())
    return std::string("topk-scores-own-columns breaks where every parameter is read from its own place");
  return std::nullopt;
}

}  // namespace zfcheck::props
