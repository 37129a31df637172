// The mutation check: flip one rule switch of one builtin profile and find the properties that notice.
//
// A mutant is the profile spec "<profile>:<switch>=<flipped>" (find_profile's overrides). The whole
// suite runs with the mutant standing for its profile (ProfileSet::with) and is judged by the same
// expectations as the real profiles (a changed finding counts). A mutant no property notices is
// either a hole in the suite, or equivalent: no case of the sweep grid nor of the generator tells it
// from the profile, so no property can.
#pragma once

#include "harness/io/text_table.hpp"
#include "harness/corpus/recorded_findings.hpp"
#include "properties/generators/rapidcheck_adapter.hpp"
#include "properties/suite/suite.hpp"

#include <optional>
#include <string>
#include <vector>

namespace zfcheck::props {

struct MutantReport {
  std::string switch_name;
  std::string profile;                      // the builtin profile the switch is flipped in
  std::string mutant;                       // its profile spec
  std::vector<std::string> detected_by;     // every property whose expectation the mutant breaks
  std::string first_detection;              // what the first of them reported
  std::optional<Case> distinguishing_case;  // when none detects it: a case the two profiles differ on
};

// Runs the suite against the mutant of `profile` with `switch_name` flipped. The equivalence search
// (the grid, then `samples` generated cases) runs only when no property detects the mutant.
MutantReport check_mutant(std::string_view switch_name, std::string_view profile,
                          const RecordedFindings& recorded, const TestParams& params, std::size_t samples);

// One row per mutant: the switch, the profile, and the first detecting property (and how many more),
// "equivalent", or "HOLE".
std::string mutation_table(const std::vector<MutantReport>& reports, TableFormat format);

}  // namespace zfcheck::props
