// The findings report: a section per finding with the invariant, and per cause a pasteable config, the
// table row and the replay command.
#include "harness/reports/findings_report.hpp"
#include "harness/io/replay_command.hpp"
#include "reference/py_json.hpp"
#include "test_support.hpp"

namespace zfcheck {
namespace {

TEST(DeepSpeedConfig, wrapsTheBlockAsAUserWritesIt) {
  EXPECT_EQ(
      deepspeed_config_json(testing::case_of(R"({"zenflow":{"steps_per_epoch":0},"stage":3})")),
      R"({"zero_optimization":{"stage":3,"offload_optimizer":{"device":"cpu"},"zenflow":{"steps_per_epoch":0}}})");
  // Values JSON cannot spell stay in Python's dialect, which json.loads (DeepSpeed's reader) accepts.
  auto text =
      deepspeed_config_json(testing::case_of(R"({"zenflow":{"topk_ratio":NaN,"x":1180591620717411303424}})"));
  EXPECT_NE(text.find("NaN"), std::string::npos);
  EXPECT_NE(text.find("1180591620717411303424"), std::string::npos);
}

TEST(FindingsReport, markdownHasASectionPerFindingWithSnippetAndRow) {
  const SweepReport& r = testing::swept("pr-8456-4ffc94ea");
  std::string md = render_findings_report(r, testing::model("pr-8456-4ffc94ea"), TableFormat::markdown);
  EXPECT_EQ(md.rfind("# ZenFlow findings under pr-8456-4ffc94ea\n", 0), 0u);
  std::size_t sections = 0;
  for (std::size_t at = md.find("\n## "); at != std::string::npos; at = md.find("\n## ", at + 1)) ++sections;
  ASSERT_TRUE(r.topk);
  EXPECT_EQ(sections, r.findings.size() + 1);  // and the top-k part
  for (const Finding& f : r.findings) {
    EXPECT_NE(md.find("`" + f.invariant + "`"), std::string::npos) << f.invariant;
    EXPECT_NE(md.find("```json\n" + deepspeed_config_json(f.example) + "\n```"), std::string::npos)
        << f.invariant;
    EXPECT_NE(md.find("Broken by " + std::to_string(f.count) + " of the "), std::string::npos) << f.invariant;
  }
  std::size_t cause_sections = 0;
  for (std::size_t at = md.find("\n### "); at != std::string::npos; at = md.find("\n### ", at + 1))
    ++cause_sections;
  std::size_t causes = 0;
  for (const Finding& f : r.findings) {
    causes += f.causes.size();
    for (const CauseGroup& g : f.causes) {
      EXPECT_NE(md.find(" `" + g.cause + "`\n\n" + std::to_string(g.count) + " case"), std::string::npos)
          << g.cause;
      EXPECT_NE(md.find("```sh\n" + replay_command(g.example, profile_option(r.profile)) + "\n```"), std::string::npos)
          << g.cause;
    }
  }
  EXPECT_EQ(cause_sections, causes + r.topk->findings.size());
  EXPECT_NE(md.find("\n## Top-k selection\n"), std::string::npos);
  for (const TopkFinding& f : r.topk->findings) {
    auto recorded = topk_finding_json(f, r.profile);
    EXPECT_NE(md.find(" `" + f.invariant + "`\n\nInvariant: "), std::string::npos) << f.invariant;
    EXPECT_NE(md.find("```json\n" + recorded["example"].dump() + "\n```"), std::string::npos) << f.invariant;
    EXPECT_NE(md.find("```sh\n" + recorded["replay"].get<std::string>() + "\n```"), std::string::npos)
        << f.invariant;
  }
  EXPECT_NE(md.find("| minimal example | auto (default) | auto (default) | no | 0 | 1 | no |"),
            std::string::npos);
  EXPECT_NE(md.find("`deepspeed.initialize()` called without `training_data=`"), std::string::npos);
}

TEST(FindingsReport, textFormatHasNoMarkdownAndNamesTheDataloader) {
  Case example = testing::case_of(R"({"zenflow":{},"dataloader_len":0})");
  Result result = evaluate(example, testing::profile("pr-8456-4ffc94ea"));
  SweepReport r{
      "pr-8456",
      7,
      {Finding{"reselects-or-warns", 2, example, result, {CauseGroup{"a cause", 2, example, result}}}}};
  std::string text = render_findings_report(r, testing::model("pr-8456"), TableFormat::text);
  EXPECT_EQ(text.find("```"), std::string::npos);
  EXPECT_EQ(text.find("\n| "), std::string::npos);  // no table row; the replay command's pipe is no table
  EXPECT_NE(text.find("    " + replay_command(example, profile_option("pr-8456")) + "\n"), std::string::npos);
  EXPECT_NE(text.find("whose dataloader has 0 batches"), std::string::npos);
  EXPECT_NE(text.find("1 invariant is broken"), std::string::npos);
}

}  // namespace
}  // namespace zfcheck
