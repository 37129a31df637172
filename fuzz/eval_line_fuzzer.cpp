// Fuzz target: arbitrary bytes into the eval-format case reader. Every input must give a case or an
// invalid_case rejection, never a crash, hang or unbounded allocation; a case's result under every
// profile must serialise to JSON that reads back as the same record.
#include "fuzz/fuzz_check.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/result_json.hpp"
#include "reference/py_json.hpp"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto parsed = zfcheck::parse_case(input);
  if (!parsed) {
    zfcheck::fuzz::check(!parsed.error().reason.empty(), "a rejection without a reason", input);
    return 0;  // a documented rejection (invalid_case)
  }
  for (const zfcheck::Profile& profile : zfcheck::builtin_profiles()) {
    zfcheck::Result result = zfcheck::evaluate(*parsed, profile);
    std::string text;
    zfcheck::write_result(text, result);
    auto reread = zfcheck::py::parse_json(text);
    zfcheck::fuzz::check(reread.has_value(), "a result that is not JSON: " + text, input);
    std::string again = zfcheck::py::to_json(*reread);
    zfcheck::fuzz::check(again == text, "a result that does not read back as itself: " + text, input);
  }
  return 0;
}
