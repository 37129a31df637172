// Expected findings: each profile's sweep must match corpus/findings/<profile>.json exactly. A
// difference is a change in what upstream (as modelled) gets wrong, not a zfcheck failure: review it,
// then regenerate the file with the command printed.
#include "harness/checks/findings_changes.hpp"
#include "reference/py_json.hpp"
#include "test_support.hpp"

#include <fstream>
#include <sstream>

namespace zfcheck {
namespace {

class CorpusFindings : public ::testing::TestWithParam<std::string> {};

TEST_P(CorpusFindings, sweepMatchesTheRecordedFindings) {
  const std::string& name = GetParam();
  std::string path = std::string(ZFCHECK_FINDINGS_DIR) + "/" + name + ".json";
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "cannot read " << path;
  std::stringstream text;
  text << in.rdbuf();
  auto recorded = py::parse_json(text.str());
  ASSERT_TRUE(recorded) << path << ": " << recorded.error().reason;
  auto differences = findings_differences(*recorded, testing::swept(name));
  std::string listing;
  for (const auto& d : differences) listing += "  " + d + "\n";
  EXPECT_TRUE(differences.empty()) << "the findings of " << name << " differ from " << path << ":\n"
                                   << listing << "if the change is intended: zfcheck sweep --profile " << name
                                   << " --json > corpus/findings/" << name << ".json";
}

INSTANTIATE_TEST_SUITE_P(Profiles, CorpusFindings, testing::kBuiltinProfiles, testing::profile_test_name);

TEST(CorpusFindingsFiles, coverEveryBuiltinProfile) {
  for (const Profile& p : builtin_profiles()) {
    std::ifstream in(std::string(ZFCHECK_FINDINGS_DIR) + "/" + p.name + ".json");
    EXPECT_TRUE(in) << "no corpus/findings/" << p.name << ".json";
  }
}

}  // namespace
}  // namespace zfcheck
