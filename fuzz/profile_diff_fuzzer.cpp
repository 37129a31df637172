// Fuzz target: the property suite's hand-written zenflow-block properties (properties/suite/suite.cpp) on
// one eval-format case line: each upstream change changes exactly what it says (PR #8274: topk_ratio 0 and
// 1, update_interval below 1; the fix commit ffb0860: steps_per_epoch below 1, an empty dataloader),
// deepspeed-8274 and pr-8456 agree on every config both accept from a caller with a non-empty dataloader
// (but for the deliberate Warning change), and the model's metamorphic laws hold. Bytes that are not a case
// are a documented rejection. ZFCHECK_FUZZ_PLANT as in fuzz/suite_properties.hpp.
#include "fuzz/suite_properties.hpp"
#include "harness/io/case_io.hpp"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto c = zfcheck::parse_case(input);
  if (!c) return 0;
  zfcheck::fuzz::check_suite_properties(zfcheck::props::Domain::zenflow_block, *c, input);
  return 0;
}
