// ReviewedCase files: listing, reading with the file, line and field named, refusing to overwrite, slugs.
#include "harness/corpus/reviewed_case_files.hpp"
#include "scratch_dir.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

#include <fstream>

namespace zfcheck {
namespace {

namespace fs = std::filesystem;

void put(const fs::path& path, std::string_view text) { std::ofstream(path, std::ios::binary) << text; }

std::string valid_seed_text() {
  return seed_to_json(seed_with_expectations("t", ReviewedCaseSource{"x#1", std::nullopt, "2026-01-02", "q"},
                                             std::nullopt, testing::case_of(R"({"zenflow":{}})"),
                                             {testing::profile("pr-8456")}));
}

TEST(SeedFiles, slugsKeepLettersAndDigitsAndDashTheRest) {
  EXPECT_EQ(slug_of("steps_per_epoch -5 in the reviewer's probe"),
            "steps-per-epoch-minus-5-in-the-reviewers-probe");
  EXPECT_EQ(slug_of("-1 or pr-8456, epoch-1"), "minus-1-or-pr-8456-epoch-1");
  EXPECT_EQ(slug_of("  PR #8274: topk_ratio 1.0!  "), "pr-8274-topk-ratio-1-0");
  EXPECT_EQ(slug_of("---"), "");
  EXPECT_EQ(slug_of(std::string(50, 'a') + " " + std::string(50, 'b')), std::string(50, 'a'));
  EXPECT_EQ(slug_of(std::string(100, 'a')).size(), 80u);
}

TEST(SeedFiles, listsJsonFilesOfADirectorySortedAndFilesAsGiven) {
  testing::ScratchDir dir("seed_files_test_list");
  put(dir / "b.json", "{}");
  put(dir / "a.json", "{}");
  put(dir / "notes.txt", "");
  fs::create_directories(dir / "sub.json");
  auto files = reviewed_case_files({dir.string(), (dir / "notes.txt").string()});
  ASSERT_TRUE(files) << files.error();
  EXPECT_EQ(*files, (std::vector<fs::path>{dir / "a.json", dir / "b.json", dir / "notes.txt"}));
  EXPECT_EQ(reviewed_case_files({(dir / "missing").string()}).error(),
            (dir / "missing").string() + ": no such file or directory");
}

TEST(SeedFiles, readErrorsNameTheFileTheLineAndTheField) {
  testing::ScratchDir dir("seed_files_test_read");
  put(dir / "ok.json", valid_seed_text());
  EXPECT_TRUE(read_reviewed_case_file(dir / "ok.json"));

  std::string bad_field = valid_seed_text();
  bad_field.replace(bad_field.find("\"selection_count\":1"), 19, "\"selection_count\":\"1\"");
  put(dir / "field.json", bad_field);
  EXPECT_EQ(read_reviewed_case_file(dir / "field.json").error(),
            (dir / "field.json").string() + ": line 11: expect.pr-8456.selection_count: must be an integer");

  std::string bad_json = valid_seed_text();
  bad_json.replace(bad_json.find("\"quote\""), 7, "quote");
  put(dir / "syntax.json", bad_json);
  std::string error = read_reviewed_case_file(dir / "syntax.json").error();
  EXPECT_EQ(error.substr(0, error.find(": not JSON")), (dir / "syntax.json").string() + ": line 7, column 5")
      << error;
  EXPECT_NE(error.find("\n        quote: \"q\"\n        ^"), std::string::npos)
      << error;  // the line, a caret

  std::string no_source = valid_seed_text();
  std::size_t source = no_source.find("  \"source\"");
  no_source.erase(source, no_source.find("},\n", source) + 3 - source);
  put(dir / "no-source.json", no_source);
  EXPECT_EQ(read_reviewed_case_file(dir / "no-source.json").error(),
            (dir / "no-source.json").string() + ": line 1: source: missing");

  put(dir / "latin1.json", "{\"title\": \"caf\xe9\"}");
  EXPECT_EQ(read_reviewed_case_file(dir / "latin1.json").error(),
            (dir / "latin1.json").string() + ": line 1, column 15: not UTF-8 text");
  EXPECT_EQ(read_reviewed_case_file(dir / "absent.json").error(),
            (dir / "absent.json").string() + ": no such file");
}

TEST(SeedFiles, writesANewFileAndRefusesToOverwrite) {
  testing::ScratchDir dir("seed_files_test_write");
  ASSERT_TRUE(write_new_file(dir / "s.json", "first"));
  auto again = write_new_file(dir / "s.json", "second");
  ASSERT_FALSE(again);
  EXPECT_EQ(again.error(), (dir / "s.json").string() + " already exists; not overwriting it");
  std::ifstream in(dir / "s.json");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "first");
  EXPECT_EQ(write_new_file(dir / "no" / "s.json", "x").error(),
            (dir / "no" / "s.json").string() + ": cannot be created");
}

}  // namespace
}  // namespace zfcheck
