// The RapidCheck adapter: RC_PARAMS and reproduce points read back as written, and no other source file
// of the project names RapidCheck's internal API.
#include "properties/generators/rapidcheck_adapter.hpp"
#include "reference/tests/test_paths.hpp"

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

namespace zfcheck::props {
namespace {

namespace fs = std::filesystem;

// How the internal API shows in source text, put together so that this file does not name it.
std::vector<std::string> internal_api_spellings() {
  const std::string detail = "detail";
  return {"rc::" + detail, "gen::" + detail, "rapidcheck/" + detail + "/", "rapidcheck/gen/" + detail + "/"};
}

bool is_source(const fs::path& path) {
  static constexpr std::array<std::string_view, 6> kExtensions = {".cpp", ".hpp", ".h", ".cc", ".cu", ".cuh"};
  for (std::string_view e : kExtensions) {
    if (path.extension() == e) return true;
  }
  return false;
}

bool is_adapter(const fs::path& relative) {
  return relative == "properties/generators/rapidcheck_adapter.hpp" ||
         relative == "properties/generators/rapidcheck_adapter.cpp";
}

// "path:line: text" for every line of the project's sources (build trees and hidden folders aside)
// that names the internal API; `adapter_lines` counts those of the adapter.
std::vector<std::string> internal_api_uses(const fs::path& root, int& adapter_lines) {
  const std::vector<std::string> spellings = internal_api_spellings();
  std::vector<std::string> uses;
  for (auto it = fs::recursive_directory_iterator(root); it != fs::recursive_directory_iterator(); ++it) {
    std::string name = it->path().filename().string();
    if (it->is_directory() && (name.starts_with(".") || name == "build")) {
      it.disable_recursion_pending();
      continue;
    }
    if (!it->is_regular_file() || !is_source(it->path())) continue;
    fs::path relative = fs::relative(it->path(), root);
    std::ifstream in(it->path());
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      bool names_it = false;
      for (const std::string& api : spellings) names_it = names_it || line.find(api) != std::string::npos;
      if (!names_it) continue;
      if (is_adapter(relative)) {
        ++adapter_lines;
      } else {
        uses.push_back(relative.generic_string() + ":" + std::to_string(number) + ": " + line);
      }
    }
  }
  return uses;
}

TEST(RapidCheckAdapter, isTheOnlySourceNamingRapidChecksInternals) {
  int adapter_lines = 0;
  std::vector<std::string> uses = internal_api_uses(zfcheck::testing::kSourceDir, adapter_lines);
  EXPECT_GT(adapter_lines, 0) << "the adapter was not found under " << zfcheck::testing::kSourceDir;
  std::string listed;
  for (const std::string& use : uses) listed += "\n  " + use;
  EXPECT_TRUE(uses.empty()) << "only properties/generators/rapidcheck_adapter.{hpp,cpp} may use RapidCheck's "
                               "internal API; wrap what these need there:"
                            << listed;
}

TEST(RapidCheckAdapter, readsEveryTestParameter) {
  auto params = parse_rc_params("seed=7 max_success=3 max_size=5 max_discard_ratio=2 noshrink=1");
  ASSERT_TRUE(params) << params.error();
  EXPECT_EQ(params->test.seed, 7u);
  EXPECT_EQ(params->test.max_success, 3);
  EXPECT_EQ(params->test.max_size, 5);
  EXPECT_EQ(params->test.max_discard_ratio, 2);
  EXPECT_TRUE(params->test.disable_shrinking);
  EXPECT_TRUE(params->reproduce.empty());
  EXPECT_FALSE(parse_rc_params("max_success=many"));
}

TEST(RapidCheckAdapter, aReproduceEntryReadsBackAsWritten) {
  ReproducePoint point{rc::Random(8456), 37, {2, 0, 5}};
  std::string entry = reproduce_entry({{"someProperty", point}});
  ASSERT_TRUE(entry.starts_with("reproduce=")) << entry;
  auto params = parse_rc_params(entry);
  ASSERT_TRUE(params) << params.error();
  ASSERT_TRUE(params->reproduce.contains("someProperty"));
  const ReproducePoint& read = params->reproduce.at("someProperty");
  EXPECT_EQ(read.random, point.random);
  EXPECT_EQ(read.size, 37);
  EXPECT_EQ(read.shrink_path, point.shrink_path);
  EXPECT_EQ(reproduce_entry({}), "");
}

}  // namespace
}  // namespace zfcheck::props
