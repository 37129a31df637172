// The top-k grid: its size and order, and every problem a well-formed line the oracle answers.
#include "harness/checks/topk_grid.hpp"
#include "kernels/check/topk_io.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

namespace zfcheck {
namespace {

TEST(TopkGrid, SizeAndBounds) {
  EXPECT_EQ(topk_grid_size(), 8235u);
  EXPECT_THROW(topk_grid_problem(topk_grid_size()), std::out_of_range);
}

TEST(TopkGrid, SimplestFirst) {
  SelectionProblem first = topk_grid_problem(0);
  ASSERT_EQ(first.layout.params.size(), 1u);
  EXPECT_EQ(first.layout.params[0], (ParamShape{1, 3, true}));
  EXPECT_EQ(first.layout.stage, 1);
  EXPECT_EQ(first.layout.world_size, 1);
  EXPECT_EQ(first.layout.topk_ratio, 0.5);
  EXPECT_EQ(first.bucket, (std::vector<float>{1, -6, 11}));
  // The fastest axes: ratio, then stage, then world size.
  EXPECT_EQ(topk_grid_problem(1).layout.topk_ratio, 0.1);
  EXPECT_EQ(topk_grid_problem(3).layout.stage, 2);
  EXPECT_EQ(topk_grid_problem(9).layout.world_size, 2);
  EXPECT_EQ(topk_grid_problem(27).layout.params[0], (ParamShape{2, 3}));
  SelectionProblem last = topk_grid_problem(topk_grid_size() - 1);
  EXPECT_EQ(last.layout.params.size(), 3u);
  EXPECT_EQ(last.layout.bucket_order, (std::vector<std::int64_t>{2, 1, 0}));
  EXPECT_EQ(last.layout.world_size, 3);
  EXPECT_EQ(last.layout.stage, 3);
  EXPECT_EQ(last.layout.topk_ratio, 1.0);
}

TEST(TopkGrid, EveryProblemIsADistinctLineTheOracleAnswers) {
  std::set<std::string> lines;
  for (std::uint64_t i = 0; i < topk_grid_size(); ++i) {
    SelectionProblem problem = topk_grid_problem(i);
    std::string line = topk_problem_to_json(std::nullopt, problem).dump();
    auto parsed = parse_topk_problem(line);
    ASSERT_TRUE(parsed) << i << ": " << parsed.error().error.message;
    EXPECT_EQ(topk_problem_to_json(std::nullopt, parsed->problem).dump(), line) << i;
    EXPECT_TRUE(oracle_answer(problem)) << i << ": " << line;
    EXPECT_TRUE(lines.insert(line).second) << i << " repeats " << line;
  }
}

}  // namespace
}  // namespace zfcheck
