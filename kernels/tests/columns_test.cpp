// Tests of plan_columns: chunk formulas, stage-3 slices, the degenerate cases of docs/zenflow.md#degenerate-cases.
#include "kernels/oracle/columns.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <numeric>

namespace zfcheck {
namespace {

ColumnsProblem stage12(double ratio, std::int64_t world, std::vector<ParamShape> params,
                       std::optional<std::vector<std::int64_t>> partition = std::nullopt) {
  return ColumnsProblem{2, ratio, world, std::move(params), std::move(partition)};
}

ColumnsProblem stage3(double ratio, std::int64_t world, std::vector<ParamShape> params) {
  return ColumnsProblem{3, ratio, world, std::move(params), std::nullopt};
}

const ParamColumns& param_ok(const ColumnPlan& plan, std::size_t i) {
  EXPECT_TRUE(plan.params.at(i).has_value()) << plan.params.at(i).error().message;
  return *plan.params.at(i);
}

std::string param_error(const ColumnPlan& plan, std::size_t i) {
  EXPECT_FALSE(plan.params.at(i).has_value());
  return plan.params.at(i) ? "" : plan.params.at(i).error().type;
}

TEST(PlanColumns, StraddlingColumnBelongsToNoChunk) {
  // R = 4, C = 4 on two ranks holding 6 and 10 elements: column 1 (elements 4..7) straddles.
  auto plan = plan_columns(stage12(0.5, 2, {{4, 4}}, std::vector<std::int64_t>{6, 10})).value();
  const auto& chunks = param_ok(plan, 0).chunks;
  ASSERT_EQ(chunks.size(), 2u);
  EXPECT_EQ(chunks[0].offset, 0);
  EXPECT_EQ(chunks[0].numel, 6);
  EXPECT_EQ(chunks[0].start_column, 0);
  EXPECT_EQ(chunks[0].end_column, 1);
  EXPECT_EQ(chunks[0].num_select, 0);  // int(0.5 * 1)
  EXPECT_EQ(chunks[1].rank, 1);
  EXPECT_EQ(chunks[1].offset, 6);
  EXPECT_EQ(chunks[1].start_column, 2);  // int(5 / 4) + 1
  EXPECT_EQ(chunks[1].end_column, 4);
  EXPECT_EQ(chunks[1].num_select, 1);
}

TEST(PlanColumns, DefaultPartitionIsDeepSpeedsPaddedEqualSplit) {
  // 9 elements on 4 ranks: padded to 16 (a multiple of 2 x 4), 4 per rank: 4, 4, 1, 0; rank 3 holds
  // only padding and has no chunk.
  auto plan = plan_columns(stage12(1.0, 4, {{3, 3}})).value();
  const auto& chunks = param_ok(plan, 0).chunks;
  ASSERT_EQ(chunks.size(), 3u);
  std::vector<std::int64_t> numels;
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(chunks[i].rank, static_cast<std::int64_t>(i));
    numels.push_back(chunks[i].numel);
  }
  EXPECT_EQ(numels, (std::vector<std::int64_t>{4, 4, 1}));
}

TEST(PlanColumns, DefaultPartitionOfTwoWeightsOverTwoRanks) {
  // (2, 3) and (2, 4): 14 elements padded to 16, 8 per rank. The even split would give 7 and 7.
  auto plan = plan_columns(stage12(0.5, 2, {{2, 3}, {2, 4}})).value();
  const auto& first = param_ok(plan, 0).chunks;
  const auto& second = param_ok(plan, 1).chunks;
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].numel, 6);
  ASSERT_EQ(second.size(), 2u);
  EXPECT_EQ(second[0].rank, 0);
  EXPECT_EQ(second[0].offset, 0);
  EXPECT_EQ(second[0].numel, 2);
  EXPECT_EQ(second[1].rank, 1);
  EXPECT_EQ(second[1].offset, 2);
  EXPECT_EQ(second[1].numel, 6);
  EXPECT_EQ(partition_bounds(stage12(0.5, 2, {{2, 3}, {2, 4}}), 14).value(),
            (std::vector<std::int64_t>{0, 8, 14}));
}

TEST(PlanColumns, OneDParametersShiftWhereLaterParametersAreRead) {
  // bias [4], weight (4, 6), norm [3], weight (2, 2), in bucket order: the weights are read from their
  // bucket place less the 1-D elements ahead of them; stage 3 and the fixed rule read them in place.
  ColumnsProblem problem = stage12(0.5, 1, {{1, 4, true}, {4, 6}, {1, 3, true}, {2, 2}});
  auto places = param_places(problem).value();
  EXPECT_EQ(places[1].bucket_begin, 4);
  EXPECT_EQ(places[1].read_begin, 0);
  EXPECT_EQ(places[3].bucket_begin, 31);
  EXPECT_EQ(places[3].read_begin, 24);
  auto plan = plan_columns(problem).value();
  EXPECT_TRUE(param_ok(plan, 0).skipped);
  EXPECT_TRUE(param_ok(plan, 0).chunks.empty());
  EXPECT_FALSE(param_ok(plan, 1).skipped);
  problem.one_d_params_shift_offsets = false;
  EXPECT_EQ(param_places(problem).value()[3].read_begin, 31);
  problem.one_d_params_shift_offsets = true;
  problem.stage = 3;
  EXPECT_EQ(param_places(problem).value()[3].read_begin, 31);
  EXPECT_TRUE(param_ok(plan_columns(problem).value(), 2).skipped);
}

TEST(PlanColumns, BucketOrderPlacesGradientsAndFillsTheIndexBufferInThatOrder) {
  ColumnsProblem problem = stage12(0.5, 1, {{2, 4}, {1, 3, true}, {2, 4}});
  problem.bucket_order = std::vector<std::int64_t>{2, 1, 0};
  auto places = param_places(problem).value();
  EXPECT_EQ(places[2].bucket_begin, 0);
  EXPECT_EQ(places[1].bucket_begin, 8);
  EXPECT_EQ(places[0].bucket_begin, 11);
  EXPECT_EQ(places[0].read_begin, 8);  // behind the norm in the bucket
  EXPECT_EQ(places[2].read_begin, 0);
  EXPECT_EQ(places[0].flat_begin, 0);  // the partition still splits the flat buffer
  EXPECT_EQ(places[2].flat_begin, 11);
  problem.bucket_order = std::vector<std::int64_t>{0, 0, 1};
  EXPECT_EQ(plan_columns(problem).error().field, "bucket_order");
  // The index buffer holds int(4 * 0.5) = 2 slots (a (1, C) weight is left out of its size) and fills
  // in bucket order: whichever parameter comes second overruns it.
  ColumnsProblem overrun = stage12(0.5, 1, {{2, 4}, {1, 4}});
  auto flat = plan_columns(overrun).value();
  EXPECT_FALSE(param_ok(flat, 0).chunks.empty());
  EXPECT_EQ(param_error(flat, 1), "RuntimeError");
  overrun.bucket_order = std::vector<std::int64_t>{1, 0};
  auto reordered = plan_columns(overrun).value();
  EXPECT_EQ(param_error(reordered, 0), "RuntimeError");
  EXPECT_FALSE(param_ok(reordered, 1).chunks.empty());
}

TEST(PlanColumns, ZeroRatioSelectsNothingInStages12) {
  auto plan = plan_columns(stage12(0.0, 2, {{8, 16}})).value();
  for (const auto& chunk : param_ok(plan, 0).chunks) EXPECT_EQ(chunk.num_select, 0);
}

TEST(PlanColumns, ChunkInsideOneColumnRaisesOnNarrow) {
  // R = 10; rank 1 holds elements 3..6 of column 0: start_column 1, end_column 0, c = -1.
  auto plan = plan_columns(stage12(0.5, 3, {{10, 2}}, std::vector<std::int64_t>{3, 4, 13})).value();
  EXPECT_EQ(param_error(plan, 0), "RuntimeError");
  EXPECT_NE(plan.params[0].error().message.find("narrow"), std::string::npos);
}

TEST(PlanColumns, RatioAboveOneAsksTopkForTooMany) {
  auto plan = plan_columns(stage12(1.5, 1, {{2, 4}})).value();
  EXPECT_EQ(param_error(plan, 0), "RuntimeError");
  EXPECT_EQ(plan.params[0].error().message, "selected index k out of range");
}

TEST(PlanColumns, NegativeRatioFailsAtTheIndexBufferOrTopk) {
  // int(-0.1 * 20) = -2: torch.empty(-2) fails before any parameter is ranked.
  auto empty_fails = plan_columns(stage12(-0.1, 1, {{2, 20}, {2, 3}})).value();
  EXPECT_EQ(param_error(empty_fails, 0), "RuntimeError");
  EXPECT_EQ(param_error(empty_fails, 1), "RuntimeError");
  EXPECT_NE(empty_fails.params[1].error().message.find("negative dimension"), std::string::npos);
  // int(-0.1 * 5) = 0 and a chunk of 5 columns asks for k = 0: fine.
  auto zero_k = plan_columns(stage12(-0.1, 1, {{2, 5}})).value();
  EXPECT_EQ(param_ok(zero_k, 0).chunks.at(0).num_select, 0);
}

TEST(PlanColumns, RowVectorParameterOverrunsTheIndexBuffer) {
  // A (1, C) weight is ranked (R = 1 columns) but left out of the index-buffer size.
  auto plan = plan_columns(stage12(0.1, 1, {{1, 100}})).value();
  EXPECT_EQ(param_error(plan, 0), "RuntimeError");
  EXPECT_NE(plan.params[0].error().message.find("exceeds dimension size"), std::string::npos);
  // Two of them: the buffer has no room at all; the first slice starts at its end and runs over
  // (RuntimeError), the second starts past it (torch's narrow: IndexError).
  auto two = plan_columns(stage12(0.1, 1, {{1, 100}, {1, 100}})).value();
  EXPECT_EQ(param_error(two, 0), "RuntimeError");
  EXPECT_EQ(param_error(two, 1), "IndexError");
  EXPECT_EQ(two.params[1].error().message,
            "start out of range (expected to be in range of [0, 0], but got 10)");
  // A 2-D parameter split over two ranks loses its straddling column (10 + 9 of the 20 reserved), which
  // leaves room for the row vector's 1 index.
  auto roomy =
      plan_columns(stage12(0.1, 2, {{4, 200}, {1, 10}}, std::vector<std::int64_t>{402, 408})).value();
  EXPECT_EQ(param_ok(roomy, 0).chunks.at(1).num_select, 9);
  EXPECT_EQ(param_ok(roomy, 1).chunks.at(0).num_select, 1);
  // Without the split the buffer is exactly full and the row vector's index overruns it.
  auto full = plan_columns(stage12(0.1, 1, {{4, 200}, {1, 10}})).value();
  EXPECT_EQ(param_error(full, 1), "RuntimeError");
}

TEST(PlanColumns, Stage3FloorOfOneAndLocalGeometry) {
  // R = 4, C = 5 (N = 20) on 3 ranks: partition_numel 7; slices [0,7) [7,14) [14,20).
  auto plan = plan_columns(stage3(0.0, 3, {{4, 5}})).value();
  const auto& geometry = param_ok(plan, 0).stage3;
  EXPECT_EQ(geometry.partition_numel, 7);
  ASSERT_EQ(geometry.ranks.size(), 3u);
  EXPECT_EQ(geometry.ranks[0].start_column, 0);
  EXPECT_EQ(geometry.ranks[0].end_column, 1);
  EXPECT_EQ(geometry.ranks[1].start_column, 2);  // ceil(7 / 4)
  EXPECT_EQ(geometry.ranks[1].end_column, 3);
  EXPECT_EQ(geometry.ranks[2].start_column, 4);
  EXPECT_EQ(geometry.ranks[2].end_column, 5);
  EXPECT_EQ(geometry.ranks[2].score_offset, 2);
  EXPECT_EQ(geometry.total_columns, 3);
  EXPECT_EQ(geometry.num_select, 1);  // max(1, int(0 * 3))
}

TEST(PlanColumns, Stage3DegenerateCases) {
  // A (4096 out, 4 in) weight on 8 ranks: every slice of 2048 touches a column boundary, so each rank
  // holds 0 full columns, T = 0, and topk(k = 1) raises.
  auto no_columns = plan_columns(stage3(0.5, 8, {{4096, 4}})).value();
  EXPECT_EQ(param_error(no_columns, 0), "RuntimeError");
  EXPECT_EQ(no_columns.params[0].error().message, "selected index k out of range");
  // R = 10, C = 1 on 4 ranks: rank 1's slice [3, 6) lies strictly inside column 0: narrow raises.
  auto inside = plan_columns(stage3(0.5, 4, {{10, 1}})).value();
  EXPECT_EQ(param_error(inside, 0), "RuntimeError");
  EXPECT_NE(inside.params[0].error().message.find("narrow"), std::string::npos);
  // N = 9 on 4 ranks: rank 3 holds no data, its offset-table entry is missing.
  EXPECT_EQ(param_error(plan_columns(stage3(0.5, 4, {{3, 3}})).value(), 0), "IndexError");
  // R == 1 parameters are skipped, whatever the ranks hold.
  EXPECT_TRUE(param_ok(plan_columns(stage3(0.5, 64, {{1, 3}})).value(), 0).skipped);
  // A ratio above 1 asks for more than T.
  EXPECT_EQ(param_error(plan_columns(stage3(2.0, 1, {{2, 3}})).value(), 0), "RuntimeError");
}

TEST(PlanColumns, MalformedProblemsAreCaseErrors) {
  EXPECT_EQ(plan_columns(ColumnsProblem{4, 0.1, 1, {{2, 2}}, {}}).error().type, "CaseError");
  EXPECT_EQ(plan_columns(stage12(0.1, 0, {{2, 2}})).error().type, "CaseError");
  EXPECT_EQ(plan_columns(stage12(0.1, 1, {{0, 2}})).error().type, "CaseError");
  EXPECT_EQ(plan_columns(stage12(0.1, 2, {{2, 2}}, std::vector<std::int64_t>{1, 2})).error().type,
            "CaseError");
  EXPECT_EQ(plan_columns(stage12(0.1, 2, {{2, 2}}, std::vector<std::int64_t>{5, -1})).error().type,
            "CaseError");
  EXPECT_EQ(plan_columns(stage12(0.1, 1, {{std::int64_t{1} << 40, std::int64_t{1} << 40}})).error().type,
            "CaseError");
  EXPECT_EQ(
      plan_columns(stage12(0.1, 1, {{std::int64_t{1} << 62, 1}, {std::int64_t{1} << 62, 1}})).error().type,
      "CaseError");
  SelectionProblem short_bucket{stage12(0.1, 1, {{2, 2}}), GradDtype::float32, {1.0f, 2.0f}};
  EXPECT_EQ(plan_selection(short_bucket).error().type, "CaseError");
}

TEST(PlanColumns, HugeShapesPlanWithoutGradients) {
  std::int64_t rows = (std::int64_t{1} << 40) + 3;
  auto plan = plan_columns(stage12(0.25, 3, {{rows, 8}})).value();
  std::int64_t covered = 0;
  for (const auto& chunk : param_ok(plan, 0).chunks) covered += chunk.numel;
  EXPECT_EQ(covered, rows * 8);
  EXPECT_TRUE(plan_columns(stage3(0.25, 1000, {{rows, 1000}})).has_value());
}

// Below 2^53 upstream's float formulas are the exact ones: start = ceil(offset / R), end = floor(...).
RC_GTEST_PROP(PlanColumns, chunksTileTheParameterAndUseExactColumnBounds, ()) {
  auto world = *rc::gen::inRange<std::int64_t>(1, 65);
  auto param_count = *rc::gen::inRange(1, 5);
  std::vector<ParamShape> params;
  for (int i = 0; i < param_count; ++i) {
    params.push_back(
        {*rc::gen::inRange<std::int64_t>(1, 1 << 20), *rc::gen::inRange<std::int64_t>(1, 1 << 12)});
  }
  auto ratio = *rc::gen::element(0.0, 0.01, 0.1, 0.5, 0.999, 1.0);
  auto plan = plan_columns(stage12(ratio, world, params));
  RC_ASSERT(plan.has_value());
  for (std::size_t p = 0; p < params.size(); ++p) {
    if (!plan->params[p]) {
      RC_TAG(plan->params[p].error().type);
      continue;
    }
    std::int64_t next_offset = 0;
    std::int64_t rows = params[p].rows;
    for (const auto& chunk : plan->params[p]->chunks) {
      RC_ASSERT(chunk.offset == next_offset);
      RC_ASSERT(chunk.numel > 0);
      RC_ASSERT(chunk.start_column == (chunk.offset + rows - 1) / rows);
      RC_ASSERT(chunk.end_column == (chunk.offset + chunk.numel) / rows);
      RC_ASSERT(chunk.num_select >= 0);
      RC_ASSERT(chunk.num_select <= chunk.columns());
      next_offset += chunk.numel;
    }
    RC_ASSERT(next_offset == params[p].rows * params[p].cols);
  }
}

RC_GTEST_PROP(PlanColumns, stage3SlicesCoverTheParameterInOrder, ()) {
  auto world = *rc::gen::inRange<std::int64_t>(1, 65);
  ParamShape shape{*rc::gen::inRange<std::int64_t>(2, 1 << 16), *rc::gen::inRange<std::int64_t>(1, 1 << 10)};
  auto plan = plan_columns(stage3(0.1, world, {shape}));
  RC_ASSERT(plan.has_value());
  const auto& param = plan->params[0];
  if (!param) {
    RC_TAG(param.error().type);
    return;
  }
  std::int64_t offset = 0;
  std::int64_t end = 0;
  for (const auto& slice : param->stage3.ranks) {
    RC_ASSERT(slice.start == end);
    RC_ASSERT(slice.start_column * shape.rows >= slice.start);
    RC_ASSERT(slice.end_column * shape.rows <= slice.end);
    RC_ASSERT(slice.score_offset == offset);
    offset += slice.columns();
    end = slice.end;
  }
  RC_ASSERT(end == shape.rows * shape.cols);
  RC_ASSERT(param->stage3.total_columns == offset);
  RC_ASSERT(param->stage3.num_select >= 1);
}

}  // namespace
}  // namespace zfcheck
