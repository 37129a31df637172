// Fuzz target: one topk-format problem line (docs/topk-format.md; readable corpus files) through the CPU
// oracle and the CPU build of the kernel algorithm, under upstream's 1-D rule and the fixed one. Aborts
// when the kernel run fails the judgement against the oracle (kernels/check/kernel_judgement.hpp), when
// the oracle breaks an invariant upstream is not known to break (kUpstreamTopkFindings), and when the
// fixed rule still scores a column from other values (topk-scores-own-columns). Bytes that are not a
// problem are documented rejections.
#include "fuzz/fuzz_check.hpp"
#include "kernels/check/kernel_judgement.hpp"
#include "kernels/check/topk_invariants.hpp"
#include "kernels/check/topk_io.hpp"
#include "kernels/kernel_answer.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <algorithm>
#include <cstdint>

namespace {

bool listed(const auto& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  // A smaller cap than the command's keeps every run fast.
  auto line = zfcheck::parse_topk_problem(input, std::int64_t{1} << 16);
  if (!line) return 0;
  for (bool shift : {true, false}) {
    zfcheck::SelectionProblem& problem = line->problem;
    problem.layout.one_d_params_shift_offsets = shift;
    std::string rule = shift ? "" : " (under one_d_params_shift_offsets=off)";
    auto oracle = zfcheck::oracle_answer(problem);
    auto kernel = zfcheck::kernels::run_kernel_cpu(problem);
    auto judgement = zfcheck::judge_kernel_run(problem, oracle, kernel);
    if (!judgement.failures.empty())
      zfcheck::fuzz::fail("kernel vs oracle" + rule + ": " + judgement.failures.front(), input);
    if (!oracle) return 0;
    for (const std::string& name : zfcheck::topk_violations(zfcheck::TopkSubject{problem, *oracle})) {
      bool expected =
          listed(zfcheck::kUpstreamTopkFindings, name) && (shift || name != "topk-scores-own-columns");
      if (!expected) zfcheck::fuzz::fail("the oracle breaks " + name + rule, input);
    }
  }
  return 0;
}
