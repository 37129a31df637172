// A reviewed seed: one case, where it came from, and what each profile is expected to make of it.
#pragma once

#include "harness/corpus/expected_facts.hpp"
#include "harness/io/json_shape.hpp"
#include "reference/evaluate.hpp"
#include "reference/profile.hpp"

#include <optional>
#include <string>
#include <vector>

namespace zfcheck {

struct ReviewedCaseSource {
  std::string thread;                   // "deepspeedai/DeepSpeed#8456", or the file a case comes from
  std::optional<std::string> reporter;  // who found or wrote it, when known
  std::optional<std::string> date;      // YYYY-MM-DD, when the source gives one
  std::string quote;                    // one line: a quote or a summary

  bool operator==(const ReviewedCaseSource&) const = default;
};

struct ProfileExpectation {
  Profile profile;  // a built-in profile, or one with switch overrides ("pr-8456:switch=off")
  ExpectedFacts expect;
};

struct ReviewedCase {
  std::string title;
  ReviewedCaseSource source;
  std::optional<std::string> note;  // how the case expresses its path, when the title cannot say
  Case c;
  std::vector<ProfileExpectation> expect;  // at least one profile, in the file's order
};

// A seed from its JSON (docs/corpus-format.md); the first departure from the format, by field.
Shaped<ReviewedCase> seed_from_value(const py::Value& value);

// The seed with what the model gives today under each of `profiles` (names unique).
ReviewedCase seed_with_expectations(std::string title, ReviewedCaseSource source, std::optional<std::string> note, Case c,
                            const std::vector<Profile>& profiles);

// The seed as its file holds it: one key per line, the case and each profile's expectation on a line
// of their own (so a changed expectation is a one-line diff); Python-dialect JSON, ending in a newline.
std::string seed_to_json(const ReviewedCase& seed);

}  // namespace zfcheck
