// The loop replay and corpus cases share: list the seed files, read each, report the unreadable ones.
#include "harness/cli/seed_stream.hpp"

#include "harness/seed_files.hpp"

#include <iostream>

namespace zfcheck::cli {

SeedCounts for_each_seed(std::string_view command, const std::vector<std::string>& paths,
                         const std::function<void(const std::filesystem::path&, const Seed&)>& each) {
  SeedCounts counts;
  auto files = seed_files(paths);
  if (!files) {
    std::cerr << "zfcheck " << command << ": " << files.error() << "\n";
    counts.paths_ok = false;
    return counts;
  }
  for (const auto& file : *files) {
    auto seed = read_seed_file(file);
    if (!seed) {
      std::cerr << "zfcheck " << command << ": " << seed.error() << "\n";
      ++counts.unreadable;
      continue;
    }
    each(file, *seed);
    ++counts.read;
  }
  return counts;
}

}  // namespace zfcheck::cli
