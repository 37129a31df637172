// Reading the seeds that paths name for a command, each unreadable one reported and skipped.
#pragma once

#include "harness/corpus/reviewed_case.hpp"

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck::cli {

struct ReviewedCaseCounts {
  std::size_t read = 0;        // seeds handed to the callback
  std::size_t unreadable = 0;  // files that are not seeds (each reported on standard error)
  bool paths_ok = true;        // false when a path named no file or directory, or no corpus was found
};

// Calls `each` for every seed under `paths` (seed_files order; none: the reviewed corpus of zfcheck's
// data, harness/io/data_dir.hpp); an unreadable one is reported as "zfcheck <command>: <file>: ..." on
// standard error and the rest still read.
ReviewedCaseCounts for_each_reviewed_case(std::string_view command, const std::vector<std::string>& paths,
                         const std::function<void(const std::filesystem::path&, const ReviewedCase&)>& each);

}  // namespace zfcheck::cli
