// Fuzz target, differential: each upstream change changes exactly what it says (PR #8274: topk_ratio 0
// and 1, update_interval below 1; the fix commit ffb0860: steps_per_epoch below 1, an empty dataloader),
// and deepspeed-8274 and pr-8456 agree on every config both accept from a caller with a non-empty
// dataloader (but for the deliberate Warning change). The bodies are the property suite's.
// Input: one eval-format case line; bytes that are not a case are a documented rejection.
#include "fuzz/fuzz_check.hpp"
#include "harness/io/case_io.hpp"
#include "properties/suite/differential.hpp"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto c = zfcheck::parse_case(input);
  if (!c) return 0;
  if (auto broke = zfcheck::props::pr8274_changes_exactly_its_two_bounds(*c))
    zfcheck::fuzz::fail(*broke, input);
  if (auto broke = zfcheck::props::fix_commit_changes_exactly_its_cases(*c))
    zfcheck::fuzz::fail(*broke, input);
  if (auto broke = zfcheck::props::dataloader_callers_see_no_change(*c)) zfcheck::fuzz::fail(*broke, input);
  return 0;
}
