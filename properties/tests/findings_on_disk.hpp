// The recorded findings as the source tree holds them (corpus/findings/), read once for the property tests.
#pragma once

#include "harness/corpus/recorded_findings.hpp"
#include "reference/tests/test_paths.hpp"

#include <stdexcept>

namespace zfcheck::props::testing {

// Reads the checkout's corpus/findings on first use; throws when unreadable.
inline const RecordedFindings& recorded_findings_on_disk() {
  static const RecordedFindings findings = [] {
    auto read = RecordedFindings::read(zfcheck::testing::source_path("corpus/findings"));
    if (!read) throw std::runtime_error(read.error());
    return *read;
  }();
  return findings;
}

}  // namespace zfcheck::props::testing
