// Reading corpus/findings: every builtin profile's recorded minimal examples, and clear errors.
#include "harness/corpus/recorded_findings.hpp"

#include "harness/io/case_io.hpp"
#include "reference/tests/test_paths.hpp"
#include "scratch_dir.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace zfcheck {
namespace {

TEST(RecordedFindings, readsTheCheckedInFiles) {
  auto recorded = RecordedFindings::read(testing::source_path("corpus/findings"));
  ASSERT_TRUE(recorded) << recorded.error();
  const Case* example = recorded->example("pr-8456", "setup-never-raises");
  ASSERT_NE(example, nullptr);
  EXPECT_EQ(*example, *parse_case(R"({"zenflow":{"offload":true}})"));
  EXPECT_EQ(recorded->example("pr-8456", "engine-and-optimizer-agree"), nullptr);
  EXPECT_EQ(recorded->example("nope", "setup-never-raises"), nullptr);
  EXPECT_TRUE(recorded->invariants("nope").empty());
}

TEST(RecordedFindings, theBuiltInCopyIsTheCheckedInFiles) {
  auto files = RecordedFindings::read(testing::source_path("corpus/findings"));
  const auto& builtin = RecordedFindings::builtin();
  ASSERT_TRUE(builtin) << builtin.error();
  for (const Profile& p : builtin_profiles()) {
    EXPECT_EQ(builtin->invariants(p.name), files->invariants(p.name)) << p.name;
    EXPECT_FALSE(builtin->invariants(p.name).empty()) << p.name;
    for (const std::string& name : builtin->invariants(p.name)) {
      EXPECT_EQ(*builtin->example(p.name, name), *files->example(p.name, name)) << p.name << " " << name;
    }
  }
}

TEST(RecordedFindings, saysWhichFileIsMissingOrBroken) {
  testing::ScratchDir dir("recorded_findings_test");
  auto missing = RecordedFindings::read(dir.string());
  ASSERT_FALSE(missing);
  EXPECT_NE(missing.error().find("cannot read"), std::string::npos) << missing.error();
  for (const Profile& p : builtin_profiles())
    std::ofstream(dir / (p.name + ".json")) << R"({"findings":[{"x":1}]})";
  auto broken = RecordedFindings::read(dir.string());
  ASSERT_FALSE(broken);
  EXPECT_NE(broken.error().find("without invariant or example"), std::string::npos) << broken.error();
}

}  // namespace
}  // namespace zfcheck
