// The findings corpus/findings/<profile>.json records: per profile, each broken invariant's minimal example.
#pragma once

#include "harness/io/embedded_file.hpp"
#include "reference/evaluate.hpp"

#include <tl/expected.hpp>

#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck {

// One recorded cause of a finding (docs/causes.md) and its minimal example.
struct RecordedCause {
  std::string cause;
  Case example;
};

// corpus/findings/<profile>.json, one per builtin profile, as built into zfcheck.
std::span<const EmbeddedFile> recorded_findings_files();

class RecordedFindings {
 public:
  // Reads <findings_dir>/<profile>.json for every builtin profile (the sweep report format of
  // harness/checks/sweep.hpp); an error names the file and what is wrong with it.
  static tl::expected<RecordedFindings, std::string> read(const std::string& findings_dir);
  // The copy built into zfcheck (for programs that run away from the source tree, such as fuzzers).
  static const tl::expected<RecordedFindings, std::string>& builtin();

  // The recorded minimal example of `invariant` under builtin `profile`, or null when the profile is
  // not recorded breaking it.
  const Case* example(std::string_view profile, std::string_view invariant) const;
  // The invariants `profile` is recorded to break; empty for a profile with no recorded file.
  std::vector<std::string> invariants(std::string_view profile) const;
  // The recorded causes of the finding, simplest first; empty when none are recorded.
  std::vector<RecordedCause> causes(std::string_view profile, std::string_view invariant) const;

  struct Recorded {
    Case example;
    std::vector<RecordedCause> causes;
  };

 private:
  static tl::expected<RecordedFindings, std::string> parse(std::span<const EmbeddedFile> files);

  const Recorded* find(std::string_view profile, std::string_view invariant) const;

  std::map<std::string, std::map<std::string, Recorded, std::less<>>, std::less<>> findings_;
};

}  // namespace zfcheck
