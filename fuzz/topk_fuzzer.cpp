// Fuzz target: one topk-format problem line (docs/topk-format.md; readable corpus files) through every
// top-k property of the suite (properties/suite/suite.cpp): the oracle and the CPU build of the kernel
// algorithm agree under upstream's 1-D rule and the fixed one, the oracle breaks only invariants upstream is
// known to break (kUpstreamTopkFindings), the fixed rule scores every column from its own gradient, and a
// parameter is scored from elsewhere only under upstream's stage-1/2 rule. Bytes that are not a problem are
// documented rejections.
#include "fuzz/fuzz_check.hpp"
#include "kernels/check/topk_io.hpp"
#include "properties/suite/suite.hpp"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  // A smaller cap than the command's keeps every run fast.
  auto line = zfcheck::parse_topk_problem(input, std::int64_t{1} << 16);
  if (!line) return 0;
  for (const zfcheck::props::TopkPropertySpec& spec : zfcheck::props::topk_property_suite()) {
    if (auto broke = spec.body(line->problem)) zfcheck::fuzz::fail(spec.name + ": " + *broke, input);
  }
  return 0;
}
