// The loop replay and corpus cases share: list the seed files, read each, report the unreadable ones.
#include "harness/cli/reviewed_case_stream.hpp"

#include "harness/corpus/reviewed_case_files.hpp"
#include "harness/io/data_dir.hpp"

#include <iostream>

namespace zfcheck::cli {

ReviewedCaseCounts for_each_reviewed_case(std::string_view command, const std::vector<std::string>& paths,
                         const std::function<void(const std::filesystem::path&, const ReviewedCase&)>& each) {
  ReviewedCaseCounts counts;
  std::vector<std::string> named = paths;
  if (named.empty()) {
    auto corpus = data_path("corpus/reviewed");
    if (!corpus) {
      std::cerr << "zfcheck " << command << ": " << corpus.error() << "\n";
      counts.paths_ok = false;
      return counts;
    }
    named.push_back(corpus->string());
  }
  auto files = reviewed_case_files(named);
  if (!files) {
    std::cerr << "zfcheck " << command << ": " << files.error() << "\n";
    counts.paths_ok = false;
    return counts;
  }
  for (const auto& file : *files) {
    auto seed = read_reviewed_case_file(file);
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
