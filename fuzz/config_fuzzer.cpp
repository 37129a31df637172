// Fuzz target: one eval-format case line (readable corpus files) evaluated under every profile. Aborts on
// a crash or sanitizer report, on a broken contract of the model (a result that does not serialise or
// does not read back as itself), and on an invariant violation that is not among that profile's recorded
// findings (corpus/findings/<profile>.json). Bytes that are not a case must be a documented rejection
// (invalid_case, with its reason), never a crash, hang or unbounded allocation.
//
// ZFCHECK_FUZZ_PLANT (fuzz/suite_properties.hpp) evaluates a mutant in place of its base profile, against
// the base's findings: fuzz/self_test.sh uses it to show the target finds a planted defect.
#include "fuzz/suite_properties.hpp"
#include "harness/checks/invariants.hpp"
#include "harness/corpus/recorded_findings.hpp"
#include "harness/io/case_io.hpp"
#include "harness/io/result_json.hpp"
#include "reference/py_json.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace {

struct Target {
  zfcheck::Profile profile;
  std::vector<std::string> recorded;  // invariants the base profile is known to break
};

std::vector<Target> targets() {
  const auto& recorded = zfcheck::RecordedFindings::builtin();
  if (!recorded) zfcheck::fuzz::fail("the built-in findings: " + recorded.error(), "");
  std::vector<Target> out;
  for (const zfcheck::Profile& p : zfcheck::fuzz::judged_profiles().all()) {
    out.push_back({p, recorded->invariants(zfcheck::props::base_name(p.name))});
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<Target> kTargets = targets();
  std::string_view input(reinterpret_cast<const char*>(data), size);
  auto c = zfcheck::parse_case(input);
  if (!c) {
    zfcheck::fuzz::check(!c.error().reason.empty(), "a rejection without a reason", input);
    return 0;
  }
  for (const Target& t : kTargets) {
    zfcheck::Result r = zfcheck::evaluate(*c, t.profile);
    std::string text;
    zfcheck::write_result(text, r);
    auto reread = zfcheck::py::parse_json(text);
    zfcheck::fuzz::check(reread.has_value(), "a result that is not JSON: " + text, input);
    zfcheck::fuzz::check(zfcheck::py::to_json(*reread) == text,
                         "a result that does not read back as itself: " + text, input);
    for (std::string_view name : zfcheck::violations(*c, r)) {
      if (std::find(t.recorded.begin(), t.recorded.end(), name) == t.recorded.end()) {
        zfcheck::fuzz::fail("new finding: " + std::string(name) + " under " + t.profile.name + "\nresult: " + text,
                            input);
      }
    }
  }
  return 0;
}
