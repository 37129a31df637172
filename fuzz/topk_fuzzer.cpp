// Fuzz target: one topk-format problem line (docs/topk-format.md; readable corpus files) through the CPU
// oracle and the CPU build of the kernel algorithm. Aborts when the kernel run fails the judgement against
// the oracle (kernels/check/kernel_judgement.hpp), and when the oracle breaks an invariant upstream is not
// known to break (kUpstreamTopkFindings). Bytes that are not a problem are documented rejections.
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
  auto oracle = zfcheck::oracle_answer(line->problem);
  auto kernel = zfcheck::kernels::run_kernel_cpu(line->problem);
  auto judgement = zfcheck::judge_kernel_run(line->problem, oracle, kernel);
  if (!judgement.failures.empty())
    zfcheck::fuzz::fail("kernel vs oracle: " + judgement.failures.front(), input);
  if (!oracle) return 0;
  for (const std::string& name : zfcheck::topk_violations(zfcheck::TopkSubject{line->problem, *oracle})) {
    if (!listed(zfcheck::kUpstreamTopkFindings, name)) zfcheck::fuzz::fail("the oracle breaks " + name, input);
  }
  return 0;
}
