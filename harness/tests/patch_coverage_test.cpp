// Patch coverage: the new side's changed lines read from git's -U0 diff, and the one-sentence summary.
#include "harness/checks/patch_coverage.hpp"

#include <gtest/gtest.h>

#include <tuple>

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

TEST(MeasurePatch, linesWithoutCodeAreLeftOutAndUnreachedOnesKeepTheirText) {
  std::map<std::string, std::vector<int>> changed{{"a.py", {1, 2, 3}}, {"b.py", {2}}};
  std::map<std::string, std::string> texts{{"a.py", "x = 1\n# a comment\nraise X\n"}, {"b.py", "a\nb\n"}};
  LinesByFile executable{{"a.py", {1, 3}}}, executed{{"a.py", {1}}};
  PatchCoverage c = measure_patch(changed, texts, executable, executed, "tracer");
  EXPECT_EQ(c.tool, "tracer");
  EXPECT_EQ((std::vector<std::uint64_t>{c.changed, c.code, c.reached}),
            (std::vector<std::uint64_t>{4, 3, 1}));
  ASSERT_EQ(c.unreached.size(), 2u);
  EXPECT_EQ((std::tuple{c.unreached[0].file, c.unreached[0].line, c.unreached[0].text}),
            (std::tuple{std::string("a.py"), 3, std::string("raise X")}));
  // b.py: nothing recorded for it, so its changed line counts as code that did not run.
  EXPECT_EQ((std::tuple{c.unreached[1].file, c.unreached[1].line, c.unreached[1].text}),
            (std::tuple{std::string("b.py"), 2, std::string("b")}));
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
