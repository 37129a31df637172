// The thread's table: every row's numbers per profile, as the PR #8456 thread and the reviewer's
// probe report them (the table code computes them through the model).
#include "harness/reports/resolution_table.hpp"
#include "test_support.hpp"

#include <map>

namespace zfcheck {
namespace {

// resolved select_interval / selections in 40 steps / warning, per row label, as the thread reports.
using Expected = std::map<std::string, std::string>;

Expected thread_numbers(std::string_view profile) {
  const bool first_revision = profile == "pr-8456-4ffc94ea";
  const bool final_revision = profile == "pr-8456";
  const bool warns = first_revision || final_revision;
  const std::string never = warns ? "0 / 1 / yes" : "0 / 1 / no";
  const std::string all = "10 / 4 / no";
  return {
      {"auto/auto, no dataloader", never},
      {"auto/auto, dataloader 10", all},
      {"epoch/1, no dataloader", never},
      {"epoch/1, dataloader 10", all},
      {"step/10", all},
      {"steps_per_epoch unset, no dataloader", never},
      {"steps_per_epoch 0", final_revision ? "config_error (ValidationError)" : "0 / 1 / no"},
      {"steps_per_epoch -5", final_revision ? "config_error (ValidationError)" : "-5 / 8 / no"},
      {"steps_per_epoch 10", all},
      {"dataloader of length 0", final_revision ? "0 / 1 / yes" : "0 / 1 / no"},
  };
}

class ThreadTable : public ::testing::TestWithParam<std::string> {};

TEST_P(ThreadTable, rowsGiveTheThreadsNumbers) {
  Profile p = testing::profile(GetParam());
  Expected expected = thread_numbers(GetParam());
  auto cases = resolution_table_cases(40);
  ASSERT_EQ(cases.size(), expected.size());
  for (const ResolutionTableRow& tc : cases) {
    EXPECT_EQ(compact_result_cell(evaluate(tc.c, p)), expected.at(tc.label))
        << GetParam() << ": " << tc.label;
  }
}

INSTANTIATE_TEST_SUITE_P(Profiles, ThreadTable, testing::kBuiltinProfiles, testing::profile_test_name);

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
