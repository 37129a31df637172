// Fuzz target: arbitrary bytes as the config object of a whole-config case (deepspeed_config). Every input
// must be refused as a case or evaluate under every profile without a crash; the case must read back from
// its own line, each result's JSON must read back as the same record (its deepspeed view included), and
// every whole-config property of the suite (properties/suite/suite.cpp) must hold.
#include "fuzz/fuzz_check.hpp"
#include "fuzz/suite_properties.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/result_json.hpp"
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
  zfcheck::fuzz::check_suite_properties(zfcheck::props::Domain::whole_config, *c, input);
  return 0;
}
