// Patch coverage: the new side's changed lines read from git's -U0 diff, and the one-sentence summary.
#include "harness/upstream/patch_coverage.hpp"

#include <gtest/gtest.h>

namespace zfcheck {
namespace {

TEST(ChangedLines, theNewSideOfEveryHunk) {
  const std::string diff =
      "diff --git a/deepspeed/a.py b/deepspeed/a.py\n"
      "--- a/deepspeed/a.py\n"
      "+++ b/deepspeed/a.py\n"
      "@@ -15,2 +15,2 @@ class ZenFlowConfig(DeepSpeedConfigModel):\n"
      "-old\n-old\n+new\n+new\n"
      "@@ -62,0 +63,3 @@ class ZenFlowConfig(DeepSpeedConfigModel):\n"
      "+a\n+b\n+\n"
      "@@ -70 +73 @@\n"
      "-x\n+y\n"
      "@@ -80,2 +82,0 @@\n"
      "-gone\n-gone\n"
      "diff --git a/deepspeed/b.py b/deepspeed/b.py\n"
      "--- a/deepspeed/b.py\n"
      "+++ /dev/null\n"
      "@@ -1,2 +0,0 @@\n"
      "-a\n-b\n";
  std::map<std::string, std::vector<int>> expected{{"deepspeed/a.py", {15, 16, 63, 64, 65, 73}}};
  EXPECT_EQ(changed_lines(diff), expected);
  EXPECT_TRUE(changed_lines("").empty());
}

TEST(PatchCoverageSummary, saysHowManyRanAndWhatRecordedThem) {
  PatchCoverage all{"tracer", 5, 3, 3, {}};
  EXPECT_EQ(patch_coverage_summary(all), "all 3 changed code lines ran (tracer)");
  PatchCoverage some{"tracer", 5, 3, 2, {{"a.py", 7, "raise X"}}};
  EXPECT_EQ(patch_coverage_summary(some), "2 of 3 changed code lines ran, 1 in no case (tracer)");
  PatchCoverage none{"tracer", 2, 0, 0, {}};
  EXPECT_EQ(patch_coverage_summary(none), "no changed code line (2 changed lines, none with code)");
}

}  // namespace
}  // namespace zfcheck
