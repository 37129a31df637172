// The minimal counterexamples corpus/findings/<profile>.json records, by profile and invariant.
#pragma once

#include "reference/evaluate.hpp"

#include <tl/expected.hpp>

#include <map>
#include <string>
#include <string_view>

namespace zfcheck::props {

class RecordedFindings {
 public:
  // Reads <findings_dir>/<profile>.json for every builtin profile (the sweep report format of
  // harness/sweep.hpp); an error names the file and what is wrong with it.
  static tl::expected<RecordedFindings, std::string> read(const std::string& findings_dir);

  // The recorded minimal example of `invariant` under builtin `profile`, or null when the profile is
  // not recorded breaking it.
  const Case* example(std::string_view profile, std::string_view invariant) const;

 private:
  std::map<std::string, std::map<std::string, Case, std::less<>>, std::less<>> examples_;
};

}  // namespace zfcheck::props
