// Fuzz target: arbitrary bytes as the config object of a whole-config case (deepspeed_config). Every input
// must be refused as a case or evaluate under every profile without a crash; the case must read back from
// its own line, each result's JSON must read back as the same record (its deepspeed view included), and the
// property suite's whole-config bodies must hold (the block in its context, the batch triple and its
// derivation, ZeRO's defaults).
#include "fuzz/fuzz_check.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/result_json.hpp"
#include "properties/suite/whole_config_bodies.hpp"
#include "reference/py_json.hpp"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto config = zfcheck::py::parse_json(input);
  if (!config) return 0;  // not JSON: the case reader's own target covers that
  zfcheck::py::Dict line;
  line.set(zfcheck::py::Str{"deepspeed_config"}, std::move(*config));
  line.set(zfcheck::py::Str{"world_size"}, zfcheck::py::Int(1 + static_cast<int>(size % 4)));
  auto c = zfcheck::case_from_value(zfcheck::py::Value(std::move(line)));
  if (!c) {
    zfcheck::fuzz::check(!c.error().reason.empty(), "a rejection without a reason", input);
    return 0;
  }
  auto reread_case = zfcheck::parse_case(zfcheck::case_line(*c));
  zfcheck::fuzz::check(reread_case.has_value() && *reread_case == *c, "a case that does not read back",
                       input);
  for (const zfcheck::Profile& profile : zfcheck::builtin_profiles()) {
    zfcheck::Result result = zfcheck::evaluate(*c, profile);
    std::string text;
    zfcheck::write_result(text, result);
    auto value = zfcheck::py::parse_json(text);
    zfcheck::fuzz::check(value.has_value(), "a result that is not JSON: " + text, input);
    auto reread = zfcheck::result_from_value(*value);
    zfcheck::fuzz::check(reread.has_value() && zfcheck::result_to_value(*reread) == *value,
                         "a result that does not read back as itself: " + text, input);
  }
  for (auto body :
       {&zfcheck::props::whole_config_gives_its_blocks_result, &zfcheck::props::batch_triple_holds,
        &zfcheck::props::derivable_batch_values_may_be_left_out,
        &zfcheck::props::zero_defaults_written_out_change_nothing,
        &zfcheck::props::sum_allreduce_is_refused_only_with_stage_3_or_zenflow,
        &zfcheck::props::zero_stage_outside_its_enum_is_refused}) {
    if (auto broke = body(*c, zfcheck::props::ProfileSet::builtin())) zfcheck::fuzz::fail(*broke, input);
  }
  return 0;
}
