// Expected findings: each profile's sweep must match corpus/findings/<profile>.json exactly. A
// difference is a change in what upstream (as modelled) gets wrong, not a zfcheck failure: review it,
// then regenerate the file with the command printed.
#include "harness/reports/findings_changes.hpp"
#include "reference/py_json.hpp"
#include "test_support.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>

namespace zfcheck {
namespace {

class CorpusFindings : public ::testing::TestWithParam<std::string> {};

// corpus/findings/<name>.json, parsed; a test failure when it cannot be read.
py::Value recorded_file(const std::string& name) {
  std::string path = testing::source_path("corpus/findings/" + name + ".json");
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  auto recorded = py::parse_json(text.str());
  if (!in || !recorded) throw std::runtime_error("cannot read " + path);
  return *recorded;
}

TEST_P(CorpusFindings, sweepMatchesTheRecordedFindings) {
  const std::string& name = GetParam();
  std::string path = testing::source_path("corpus/findings/" + name + ".json");
  auto differences = findings_differences(recorded_file(name), testing::swept(name));
  std::string listing;
  for (const auto& d : differences) listing += "  " + d + "\n";
  EXPECT_TRUE(differences.empty()) << "the findings of " << name << " differ from " << path << ":\n"
                                   << listing << "if the change is intended: zfcheck sweep --profile " << name
                                   << " --json > corpus/findings/" << name << ".json";
}

INSTANTIATE_TEST_SUITE_P(Profiles, CorpusFindings, testing::kBuiltinProfiles, testing::profile_test_name);

// A planted cause: with the engine assigning an empty dataloader's length too, pr-8456's validation of
// steps_per_epoch >= 1 fails inside set-up. setup-never-raises was broken already; the regression must
// still report the new cause, and nothing about the finding itself.
TEST(CorpusFindingsCauses, aNewCauseOfAFindingAlreadyBrokenFailsTheRegression) {
  SweepReport planted = testing::swept("pr-8456:assign_only_positive_dataloader_len=off");
  planted.profile = "pr-8456";
  auto differences = findings_differences(recorded_file("pr-8456"), planted);
  std::string listing;
  for (const auto& d : differences) listing += "  " + d + "\n";
  std::cout
      << "what the regression reports of the planted profile's causes and findings appearing or vanishing:\n";
  for (const auto& d : differences) {
    if (d.starts_with("new ") || d.starts_with("vanished ")) std::cout << "  " << d << "\n";
  }
  auto reported = [&](std::string_view line) {
    return std::any_of(differences.begin(), differences.end(),
                       [&](const std::string& d) { return d.starts_with(line); });
  };
  EXPECT_TRUE(
      reported("new cause of setup-never-raises: ValidationError: Value error, If steps_per_epoch is "
               "set, it must be at least N ("))
      << listing;
  EXPECT_FALSE(reported("new finding setup-never-raises")) << listing;
  EXPECT_FALSE(reported("vanished finding setup-never-raises")) << listing;
}

// A planted rule: a revision whose selection counts a 1-D parameter before skipping it keeps
// topk-scores-own-columns, and the regression reports exactly that top-k finding vanished (the config
// findings differ only in the profile name their results carry).
TEST(CorpusFindingsTopk, aFixedSelectionRuleFailsTheRegression) {
  SweepReport planted = testing::swept("pr-8456:one_d_params_shift_offsets=off");
  planted.profile = "pr-8456";
  std::vector<std::string> topk;
  for (const std::string& d : findings_differences(recorded_file("pr-8456"), planted))
    if (d.find("top-k") != std::string::npos || d.starts_with("topk_")) topk.push_back(d);
  ASSERT_EQ(topk.size(), 1u);
  EXPECT_TRUE(topk.front().starts_with("vanished top-k finding topk-scores-own-columns: ")) << topk.front();
}

TEST(CorpusFindingsFiles, coverEveryBuiltinProfile) {
  for (const Profile& p : builtin_profiles()) {
    std::ifstream in(testing::source_path("corpus/findings/" + p.name + ".json"));
    EXPECT_TRUE(in) << "no corpus/findings/" << p.name << ".json";
  }
}

}  // namespace
}  // namespace zfcheck
