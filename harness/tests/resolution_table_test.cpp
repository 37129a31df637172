// The thread's table: its rows' cases and numbers per profile, as the PR #8456 thread and the reviewer's
// probe report them, and how the table lays them out.
#include "harness/reports/resolution_table.hpp"
#include "test_support.hpp"

#include <array>
#include <string>
#include <vector>

namespace zfcheck {
namespace {

// The thread's table (docs/pr-8456-thread.txt: the resolution table and the reviewer's steps_per_epoch
// probe), the one place it is pinned: each row's label and case, and per profile "resolved select_interval
// / selections in 40 steps / warning", or the error, as the thread reports them.
struct ThreadRow {
  std::string_view label;
  std::string_view case_line;
  std::array<std::string_view, 4> cells;  // deepspeed-edaa722, deepspeed-8274, pr-8456-4ffc94ea, pr-8456
};

const std::array<std::string, 4> kTableProfiles{"deepspeed-edaa722", "deepspeed-8274", "pr-8456-4ffc94ea",
                                                "pr-8456"};
constexpr std::string_view kRejected = "config_error (ValidationError)";

const std::vector<ThreadRow>& thread_table() {
  static const std::vector<ThreadRow> rows{
      {"auto/auto, no dataloader",
       R"({"zenflow":{}})",
       {"0 / 1 / no", "0 / 1 / no", "0 / 1 / yes", "0 / 1 / yes"}},
      {"auto/auto, dataloader 10",
       R"({"zenflow":{},"dataloader_len":10})",
       {"10 / 4 / no", "10 / 4 / no", "10 / 4 / no", "10 / 4 / no"}},
      {"epoch/1, no dataloader",
       R"({"zenflow":{"select_strategy":"epoch","select_interval":1}})",
       {"0 / 1 / no", "0 / 1 / no", "0 / 1 / yes", "0 / 1 / yes"}},
      {"epoch/1, dataloader 10",
       R"({"zenflow":{"select_strategy":"epoch","select_interval":1},"dataloader_len":10})",
       {"10 / 4 / no", "10 / 4 / no", "10 / 4 / no", "10 / 4 / no"}},
      {"step/10",
       R"({"zenflow":{"select_strategy":"step","select_interval":10}})",
       {"10 / 4 / no", "10 / 4 / no", "10 / 4 / no", "10 / 4 / no"}},
      {"steps_per_epoch unset, no dataloader",
       R"({"zenflow":{}})",
       {"0 / 1 / no", "0 / 1 / no", "0 / 1 / yes", "0 / 1 / yes"}},
      {"steps_per_epoch 0",
       R"({"zenflow":{"steps_per_epoch":0}})",
       {"0 / 1 / no", "0 / 1 / no", "0 / 1 / no", kRejected}},
      {"steps_per_epoch -5",
       R"({"zenflow":{"steps_per_epoch":-5}})",
       {"-5 / 8 / no", "-5 / 8 / no", "-5 / 8 / no", kRejected}},
      {"steps_per_epoch 10",
       R"({"zenflow":{"steps_per_epoch":10}})",
       {"10 / 4 / no", "10 / 4 / no", "10 / 4 / no", "10 / 4 / no"}},
      {"dataloader of length 0",
       R"({"zenflow":{},"dataloader_len":0})",
       {"0 / 1 / no", "0 / 1 / no", "0 / 1 / no", "0 / 1 / yes"}},
  };
  return rows;
}

TEST(ThreadTable, rowsAreTheThreadsCasesInItsOrder) {
  auto cases = resolution_table_cases(40);
  ASSERT_EQ(cases.size(), thread_table().size());
  for (std::size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(cases[i].label, thread_table()[i].label) << "row " << i;
    EXPECT_EQ(cases[i].c, testing::case_of(thread_table()[i].case_line)) << thread_table()[i].label;
  }
}

TEST(ThreadTable, rowsGiveTheThreadsNumbersUnderEveryProfile) {
  ASSERT_EQ(std::vector<std::string>(kTableProfiles.begin(), kTableProfiles.end()),
            testing::builtin_profile_names());
  for (const ThreadRow& row : thread_table()) {
    for (std::size_t p = 0; p < kTableProfiles.size(); ++p) {
      EXPECT_EQ(
          compact_result_cell(evaluate(testing::case_of(row.case_line), testing::profile(kTableProfiles[p]))),
          row.cells[p])
          << row.label << " under " << kTableProfiles[p];
    }
  }
}

TEST(ThreadTableCells, describeTheInputAsTheThreadDoes) {
  auto cases = resolution_table_cases(40);
  EXPECT_EQ(input_cells(cases[0].c), (std::vector<std::string>{"auto (default)", "auto (default)", "no"}));
  EXPECT_EQ(input_cells(cases[3].c), (std::vector<std::string>{"epoch", "1", "yes (10)"}));
  EXPECT_EQ(input_cells(cases[4].c), (std::vector<std::string>{"step", "10", "n/a"}));
  EXPECT_EQ(input_cells(cases[8].c)[2], "yes (10)");  // steps_per_epoch 10
  EXPECT_EQ(input_cells(cases[9].c)[2], "no");        // an empty dataloader is no epoch length
}

TEST(ThreadTableCells, stepsChangeTheCountsAndErrorsFillTheRow) {
  auto cases = resolution_table_cases(100);
  Result r = evaluate(cases[4].c, testing::profile("pr-8456"));  // step/10
  EXPECT_EQ(result_cells(r), (std::vector<std::string>{"10", "10", "no"}));
  EXPECT_EQ(result_headers(100)[1], "selections in 100 steps");
  Result rejected = evaluate(cases[6].c, testing::profile("pr-8456"));  // steps_per_epoch 0
  EXPECT_EQ(result_cells(rejected), (std::vector<std::string>{"config_error (ValidationError)", "-", "-"}));
  Result both = testing::eval("pr-8456", R"({"zenflow":{"select_interval":5}})");
  EXPECT_EQ(result_cells(both)[2],
            "yes (auto-overrides-integer-select_interval, select-interval-never-repeats)");
}

TEST(ThreadTableRender, oneProfileGetsResultColumnsSeveralGetAColumnEach) {
  auto cases = resolution_table_cases(40);
  ModelEngine newest = testing::model("pr-8456");
  std::string one = render_resolution_table(cases, {&newest}, 40, TableFormat::markdown);
  EXPECT_NE(
      one.find(
          "| case | strategy | interval | epoch length known | resolved select_interval | selections in 40 "
          "steps | warning |"),
      std::string::npos);
  EXPECT_NE(one.find("| steps_per_epoch -5 | auto (default) | auto (default) | no | config_error "
                     "(ValidationError) | - | - |"),
            std::string::npos);
  std::vector<ModelEngine> models(builtin_profiles().begin(), builtin_profiles().end());
  std::vector<const Engine*> engines;
  for (const ModelEngine& m : models) engines.push_back(&m);
  std::string all = render_resolution_table(cases, engines, 40, TableFormat::markdown);
  EXPECT_NE(all.find("| deepspeed-edaa722 | deepspeed-8274 | pr-8456-4ffc94ea | pr-8456 |"),
            std::string::npos);
  EXPECT_NE(
      all.find("| dataloader of length 0 | auto (default) | auto (default) | no | 0 / 1 / no | 0 / 1 / no | "
               "0 / 1 / no | 0 / 1 / yes |"),
      std::string::npos);
  EXPECT_EQ(std::count(all.begin(), all.end(), '\n'), 12);
}

}  // namespace
}  // namespace zfcheck
