// End-to-end tests of `zfcheck corpus`: add writes seeds that replay clean, never overwrites; cases; add's
// synopsis in docs/corpus-format.md names every option.
#include "cli_support.hpp"

#include "harness/io/case_io.hpp"
#include "harness/io/shell_quote.hpp"
#include "properties/generators/reproduce.hpp"
#include "reference/py_json.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

namespace zfcheck {
namespace {

namespace fs = std::filesystem;

// The reviewer's steps_per_epoch -5 as a case file named after the test's directory (ctest runs the
// tests in parallel).
std::string probe_case(const fs::path& dir) {
  return testing::write_temp(dir.filename().string() + ".case", "{\"zenflow\":{\"steps_per_epoch\":-5}}\n");
}

TEST(CorpusCommand, addWritesASeedThatReplaysClean) {
  testing::ScratchDir dir("corpus_command_test_roundtrip");
  auto add = testing::run_zfcheck(
      "corpus add --title \"steps_per_epoch -5 in the reviewer's probe\" --source deepspeedai/DeepSpeed#8456 "
      "--reporter ebarkhordar --date 2026-01-01 --quote 'steps_per_epoch=-5 -> select_interval=-5' --case " +
      probe_case(dir) + " --out " + dir.string());
  ASSERT_EQ(add.status, 0) << add.out;
  fs::path seed = dir / "steps-per-epoch-minus-5-in-the-reviewers-probe.json";
  EXPECT_NE(add.out.find("wrote " + seed.string()), std::string::npos) << add.out;
  std::string text = testing::read_file(seed);
  EXPECT_NE(text.find("\"reporter\": \"ebarkhordar\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"pr-8456\": {\"outcome\":\"config_error\",\"error_type\":\"ValidationError\""),
            std::string::npos)
      << text;
  auto replay = testing::run_zfcheck("replay " + seed.string());
  EXPECT_EQ(replay.status, 0) << replay.out;
  EXPECT_EQ(replay.out, "replay: 1 seed, 4 expectations, 0 mismatches\n");
}

TEST(CorpusCommand, addRefusesToOverwriteAndNamesThePath) {
  testing::ScratchDir dir("corpus_command_test_overwrite");
  std::string args =
      "corpus add --title probe --source s --case " + probe_case(dir) + " --out " + dir.string();
  ASSERT_EQ(testing::run_zfcheck(args).status, 0);
  std::string before = testing::read_file(dir / "probe.json");
  auto again = testing::run_zfcheck(args + " --quote other", true);
  EXPECT_EQ(again.status, 2);
  EXPECT_NE(again.out.find((dir / "probe.json").string() + " already exists; not overwriting it"),
            std::string::npos)
      << again.out;
  EXPECT_EQ(testing::read_file(dir / "probe.json"), before);
}

TEST(CorpusCommand, addTakesAFuzzArtifactAndFurtherProfiles) {
  testing::ScratchDir dir("corpus_command_test_fuzz");
  std::string artifact =
      testing::write_temp("crash-empty-dataloader", "{\"zenflow\":{},\"dataloader_len\":0}");
  auto add = testing::run_zfcheck(
      "corpus add --title 'empty dataloader' --source fuzz --from-fuzz " + artifact +
      " --profile 'pr-8456:assign_only_positive_dataloader_len=off' --out " + dir.string());
  ASSERT_EQ(add.status, 0) << add.out;
  std::string text = testing::read_file(dir / "empty-dataloader.json");
  EXPECT_NE(text.find("\"quote\": \"fuzz artifact " + artifact + "\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"pr-8456:assign_only_positive_dataloader_len=off\": {\"outcome\":\"init_error\","
                      "\"error_type\":\"ValidationError\""),
            std::string::npos)
      << text;
  EXPECT_EQ(testing::run_zfcheck("replay " + dir.string()).out,
            "replay: 1 seed, 5 expectations, 0 mismatches\n");
}

TEST(CorpusCommand, addTakesTheCaseInlineAndRefusesOneASeedHolds) {
  testing::ScratchDir dir("corpus_command_test_inline");
  std::string common = " --source s --out " + dir.string();
  auto add = testing::run_zfcheck("corpus add --title first --case '{\"zenflow\":{\"steps_per_epoch\":-5}}'" + common);
  ASSERT_EQ(add.status, 0) << add.out;
  EXPECT_NE(testing::read_file(dir / "first.json").find("\"case\": {\"zenflow\":{\"steps_per_epoch\":-5}"),
            std::string::npos);
  auto again = testing::run_zfcheck("corpus add --title second --case " + probe_case(dir) + common, true);
  EXPECT_EQ(again.status, 2);
  EXPECT_NE(again.out.find("the seed " + (dir / "first.json").string() + " already holds this case"), std::string::npos)
      << again.out;
  EXPECT_FALSE(fs::exists(dir / "second.json"));
  EXPECT_EQ(testing::run_zfcheck("corpus add --title second --allow-duplicate --case " + probe_case(dir) + common).status, 0);
  EXPECT_TRUE(fs::exists(dir / "second.json"));
  auto bad = testing::run_zfcheck("corpus add --title third --case '{\"stage\":2}'" + common, true);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("--case: not a case: zenflow: the case has no zenflow key"), std::string::npos) << bad.out;
}

TEST(CorpusCommand, addTakesARapidCheckFailure) {
  testing::ScratchDir dir("corpus_command_test_rc");
  props::ReproducePoint failure{rc::Random(8456), 37, {}};
  auto drawn = props::case_at(failure);
  ASSERT_TRUE(drawn) << drawn.error();
  std::string params = props::reproduce_params("somePropertyName", failure);
  auto add = testing::run_zfcheck("corpus add --title 'from rc' --source rapidcheck --from-rc " +
                                  shell_quote(params) + " --out " + dir.string());
  ASSERT_EQ(add.status, 0) << add.out;
  auto seed = py::parse_json(testing::read_file(dir / "from-rc.json"));
  ASSERT_TRUE(seed.has_value());
  EXPECT_EQ(py::to_json(*seed->as<py::Dict>()->find("case")), py::to_json(case_to_value(*drawn, true)));
  EXPECT_EQ(testing::run_zfcheck("replay " + dir.string()).status, 0);
  auto bad = testing::run_zfcheck("corpus add --title x --source s --from-rc 'reproduce=garbage' --out " +
                                  dir.string(), true);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.out.find("--from-rc"), std::string::npos) << bad.out;
}

TEST(CorpusCommand, addRefusesBadUsage) {
  testing::ScratchDir dir("corpus_command_test_usage");
  std::string c = probe_case(dir);
  std::string common = " --source s --out " + dir.string();
  EXPECT_EQ(testing::run_zfcheck("corpus add --title a" + common).status, 2);  // no case
  EXPECT_EQ(testing::run_zfcheck("corpus add --title a --case " + c + " --from-fuzz " + c + common).status,
            2);
  EXPECT_EQ(testing::run_zfcheck("corpus add --title a --case /nonexistent" + common).status, 2);
  EXPECT_EQ(testing::run_zfcheck("corpus add --title a --case " + c + " --profile nope" + common).status, 2);
  EXPECT_EQ(testing::run_zfcheck("corpus add --title '!!' --case " + c + common).status, 2);
  auto bad_date = testing::run_zfcheck("corpus add --title a --date 1/2/3 --case " + c + common, true);
  EXPECT_EQ(bad_date.status, 2);
  EXPECT_NE(bad_date.out.find("source.date: must be YYYY-MM-DD or null"), std::string::npos) << bad_date.out;
  std::string not_case = testing::write_temp("corpus_not_case", "{\"stage\":2}");
  auto bad_case = testing::run_zfcheck("corpus add --title a --case " + not_case + common, true);
  EXPECT_EQ(bad_case.status, 2);
  EXPECT_NE(bad_case.out.find(not_case + ": not a case: zenflow: the case has no zenflow key"),
            std::string::npos)
      << bad_case.out;
  EXPECT_TRUE(fs::is_empty(dir));
}

TEST(CorpusCommand, aCaseFileThatIsNotJsonIsShownAtItsLineAndColumnWithACaret) {
  testing::ScratchDir dir("corpus_command_test_not_json");
  std::string file = testing::write_temp("corpus_not_json.json", "{\n  \"zenflow\": {}\n  \"stage\": 3\n}\n");
  EXPECT_TRUE(testing::exits_printing("corpus add --title a --source s --out " + dir.string() + " --case " + file, 2,
                                      file + ": not a case: not JSON: expecting ',' delimiter at line 3, column 3\n"
                                             "      \"stage\": 3\n"
                                             "      ^\n"));
  EXPECT_TRUE(fs::is_empty(dir));
}

TEST(CorpusCommand, dashReadsTheCaseOrTheSeedFromStandardInput) {
  testing::ScratchDir dir("corpus_command_test_stdin");
  auto add = testing::run_zfcheck("corpus add --title probe --source s --case - --out " + dir.string() + " < " +
                                  probe_case(dir));
  ASSERT_EQ(add.status, 0) << add.out;
  auto cases = testing::run_zfcheck("corpus cases - < " + (dir / "probe.json").string());
  EXPECT_EQ(cases.status, 0) << cases.out;
  EXPECT_EQ(cases.out.rfind("{\"id\":\"-\",\"zenflow\":", 0), 0u) << cases.out;
}

TEST(CorpusCommand, casesPrintsOrWritesEachSeedsCaseLine) {
  testing::ScratchDir dir("corpus_command_test_cases");
  ASSERT_EQ(testing::run_zfcheck("corpus add --title probe --source s --case " + probe_case(dir) + " --out " +
                                 dir.string())
                .status,
            0);
  auto run = testing::run_zfcheck("corpus cases " + dir.string());
  EXPECT_EQ(run.status, 0);
  EXPECT_EQ(run.out, "{\"id\":\"probe\",\"zenflow\":{\"steps_per_epoch\":-5}}\n");
  testing::ScratchDir out("corpus_command_test_cases_out");
  EXPECT_EQ(testing::run_zfcheck("corpus cases " + dir.string() + " --out " + out.string()).status, 0);
  EXPECT_EQ(testing::read_file(out / "reviewed-probe.jsonl"), "{\"id\":\"probe\",\"zenflow\":{\"steps_per_epoch\":-5}}");
}

// The long options a text names ("--title", ...), --help and --help-all aside.
std::set<std::string> long_options(const std::string& text) {
  std::set<std::string> options;
  const std::regex option("--[a-z][a-z-]*");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), option); it != std::sregex_iterator(); ++it) {
    if (it->str() != "--help" && it->str() != "--help-all") options.insert(it->str());
  }
  return options;
}

TEST(CorpusCommand, theFormatDocsSynopsisOfAddNamesEveryOptionOfItsHelp) {
  std::string doc = testing::read_file(testing::source_path("docs/corpus-format.md"));
  std::size_t begin = doc.find("`zfcheck corpus add ");
  ASSERT_NE(begin, std::string::npos);
  std::string synopsis = doc.substr(begin, doc.find("` writes", begin) - begin);
  auto help = testing::run_zfcheck("corpus add --help");
  std::string options_part = help.out.substr(help.out.find("Options:"));
  EXPECT_EQ(long_options(synopsis), long_options(options_part.substr(0, options_part.find("\n\n"))));
}

}  // namespace
}  // namespace zfcheck
