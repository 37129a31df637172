// Fuzz target: one topk-format problem line (docs/topk-format.md; readable corpus files) through the CPU
// oracle and the CPU build of the kernel algorithm. Aborts when the kernel disagrees with the oracle or
// breaks an invariant the oracle keeps, and when the oracle breaks an invariant upstream is not known to
// break (kUpstreamTopkFindings). Bytes that are not a problem are documented rejections.
#include "fuzz/fuzz_check.hpp"
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
  if (!oracle) {
    zfcheck::fuzz::check(!kernel, "the kernel answered a problem the oracle refuses: " + oracle.error().message, input);
    return 0;
  }
  zfcheck::fuzz::check(kernel.has_value(), "the kernel refused a problem the oracle answers", input);
  auto upstream = zfcheck::topk_violations(zfcheck::TopkSubject{line->problem, *oracle});
  for (const std::string& name : upstream) {
    if (!listed(zfcheck::kUpstreamTopkFindings, name)) zfcheck::fuzz::fail("the oracle breaks " + name, input);
  }
  for (const std::string& name : zfcheck::topk_violations(zfcheck::TopkSubject{line->problem, kernel->answer, &*oracle})) {
    if (!listed(upstream, name)) zfcheck::fuzz::fail("the kernel breaks " + name, input);
  }
  return 0;
}
