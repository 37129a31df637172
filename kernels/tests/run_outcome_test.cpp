// Tests of each rank's outcome of upstream's run as the oracle answers it (checked against upstream's own
// code in lockstep at edaa72212, torch 1.13), and of the index tensors' dtypes.
#include "kernels/oracle/run_outcome.hpp"

#include "kernels/check/topk_io.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <gtest/gtest.h>

#include <string>

namespace zfcheck {
namespace {

using ojson = nlohmann::ordered_json;

// The oracle's answer line to a problem line.
ojson answer_of(const std::string& line) {
  auto parsed = parse_topk_problem(line);
  EXPECT_TRUE(parsed.has_value()) << line;
  auto answer = oracle_answer(parsed->problem);
  EXPECT_TRUE(answer.has_value()) << line;
  return topk_answer_to_json(parsed->id, *answer);
}

ojson outcome_of(const std::string& line) { return answer_of(line)["outcome"]; }

ojson raised(const char* type, std::optional<std::size_t> param) {
  ojson out{{"type", type}};
  if (param) out["param"] = *param;
  return out;
}

// {"type", "param"} of a rank's raised outcome (the message aside).
ojson raised_of(const ojson& rank) {
  ojson out{{"type", rank["raised"]["type"]}};
  if (rank["raised"].contains("param")) out["param"] = rank["raised"]["param"];
  return out;
}

TEST(RunOutcome, EveryRankOkWhereNoneRaises) {
  auto outcome = outcome_of(
      R"({"stage":2,"topk_ratio":0.5,"world_size":2,"dtype":"float32","params":[{"shape":[2,3],"grad":[1,2,3,4,5,6]}]})");
  EXPECT_EQ(outcome, ojson::parse(R"([{"rank":0,"ok":true},{"rank":1,"ok":true}])"));
}

TEST(RunOutcome, RanksThatDoNotRaiseWaitInTheFirstBroadcastForThoseThatDo) {
  // A (1, 4) weight is left out of the index buffer's size: ranks 1 and 2 copy its indices past the end.
  auto outcome = outcome_of(
      R"({"stage":1,"topk_ratio":0.5,"world_size":3,"dtype":"float32","params":[{"shape":[2,3],"grad":[1,-6,11,-16,21,-3]},{"shape":[1,4],"grad":[8,-13,18,-23]}]})");
  EXPECT_EQ(outcome[0],
            ojson::parse(R"({"rank":0,"blocked":{"collective":"broadcast","call":0,"waiting_on":[1,2]}})"));
  EXPECT_EQ(raised_of(outcome[1]), raised("RuntimeError", 1));
  EXPECT_EQ(raised_of(outcome[2]), raised("IndexError", 1));
}

TEST(RunOutcome, ARankThatDoesNotRaiseInTheLoopRaisesOnTheFirstBroadcastSlice) {
  // Only a (1, 4) weight: the index buffer is empty, so the first slice to broadcast already runs past it.
  auto outcome = outcome_of(
      R"({"stage":1,"topk_ratio":0.5,"world_size":3,"dtype":"float32","params":[{"shape":[1,4],"grad":[1,-6,11,-16]}]})");
  EXPECT_EQ(raised_of(outcome[0]), raised("RuntimeError", 0));
  EXPECT_EQ(raised_of(outcome[1]), raised("IndexError", 0));
  EXPECT_EQ(raised_of(outcome[2]), raised("RuntimeError", std::nullopt));
  EXPECT_EQ(outcome[2]["raised"]["message"], "start (0) + length (1) exceeds dimension size (0)");
}

TEST(RunOutcome, NegativeCountsMoveTheIndexBufferPositionBackAsTorch2Checks) {
  // A negative ratio keeps the empty index buffer but gives rank 0's chunk k = -1: its topk raises, and the
  // next chunk's copy starts at -1, outside [-0, 0] (torch 2 raises IndexError; torch 1.13 wraps it, and that
  // rank raises on the first broadcast's slice instead). The rank owning nothing takes that slice: length -1.
  auto outcome = outcome_of(
      R"({"stage":1,"topk_ratio":-0.1,"world_size":3,"dtype":"float32","params":[{"shape":[1,12],"grad":[1,2,3,4,5,6,7,8,9,10,11,12]},{"shape":[16],"grad":[1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16]}]})");
  EXPECT_EQ(raised_of(outcome[0]), raised("RuntimeError", 0));
  EXPECT_EQ(raised_of(outcome[1]), raised("IndexError", 0));
  EXPECT_EQ(raised_of(outcome[2]), raised("RuntimeError", std::nullopt));
  EXPECT_EQ(outcome[2]["raised"]["message"], "narrow(): length must be non-negative (got -1)");
}

TEST(RunOutcome, AHugeRatioIsAPythonIntThatOnlyTorchCannotTake) {
  // int(1e300 * C) is a Python int: no rank fails computing it (a (1, C) weight is left out of the index
  // buffer's size); each owner's topk cannot take it. Rank 2 owns nothing and fails on the first slice.
  auto outcome = outcome_of(
      R"({"stage":1,"topk_ratio":1e300,"world_size":3,"dtype":"float32","params":[{"shape":[1,4],"grad":[1,2,3,4]}]})");
  EXPECT_EQ(raised_of(outcome[0]), raised("RuntimeError", 0));
  EXPECT_EQ(outcome[0]["raised"]["message"], "Overflow when unpacking long");
  EXPECT_EQ(raised_of(outcome[1]), raised("RuntimeError", 0));
  EXPECT_EQ(raised_of(outcome[2]), raised("RuntimeError", std::nullopt));
}

TEST(RunOutcome, FailuresOfTheWholeBucketAreEveryRanks) {
  // A negative ratio: torch.empty of a negative size, outside the loop over parameters.
  auto negative = outcome_of(
      R"({"stage":1,"topk_ratio":-0.5,"world_size":2,"dtype":"float32","params":[{"shape":[2,3],"grad":[1,2,3,4,5,6]}]})");
  for (const auto& rank : negative) EXPECT_EQ(raised_of(rank), raised("RuntimeError", std::nullopt));
  // C * topk_ratio overflows a float: int() raises in average_tensor at the bucket's first weight with R
  // != 1.
  auto infinite = outcome_of(
      R"({"stage":2,"topk_ratio":1e308,"world_size":2,"dtype":"float32","params":[{"shape":[3],"grad":[1,2,3]},{"shape":[1,4],"grad":[1,2,3,4]},{"shape":[2,3],"grad":[1,2,3,4,5,6]},{"shape":[3,2],"grad":[1,2,3,4,5,6]}],"bucket_order":[0,1,3,2]})");
  for (const auto& rank : infinite) EXPECT_EQ(raised_of(rank), raised("OverflowError", 3));
}

TEST(RunOutcome, Stage3RankInsideOneColumnRaisesBeforeTheAllGather) {
  auto outcome = outcome_of(
      R"({"stage":3,"topk_ratio":0.5,"world_size":3,"dtype":"float32","params":[{"shape":[6,1],"grad":[1,-6,11,-16,21,-3]}]})");
  ojson blocked = ojson::parse(R"({"collective":"all_gather","call":0,"waiting_on":[1]})");
  EXPECT_EQ(outcome[0]["blocked"], blocked);
  EXPECT_EQ(raised_of(outcome[1]), raised("RuntimeError", 0));
  EXPECT_EQ(outcome[2]["blocked"], blocked);
}

TEST(RunOutcome, Stage3FailuresAfterTheAllGatherAreEveryRanks) {
  // The (2, 1) weight has no full column on either rank: torch.topk(k = 1) of nothing, on every rank.
  auto outcome = outcome_of(
      R"({"stage":3,"topk_ratio":0.5,"world_size":2,"dtype":"float32","params":[{"shape":[2,3],"grad":[1,2,3,4,5,6]},{"shape":[2,1],"grad":[1,2]}]})");
  for (const auto& rank : outcome) EXPECT_EQ(raised_of(rank), raised("RuntimeError", 1));
}

TEST(RunOutcome, IndexTensorsCarryUpstreamsDtypes) {
  auto stage1 = answer_of(
      R"({"stage":1,"topk_ratio":0.5,"world_size":1,"dtype":"float32","params":[{"shape":[3],"grad":[1,-6,11]},{"shape":[2,3],"grad":[-16,21,-3,8,-13,18]}]})");
  EXPECT_FALSE(stage1["params"][0].contains("dtype"));  // a 1-D parameter has no index tensor
  EXPECT_EQ(stage1["params"][1]["dtype"], "int32");
  auto stage3 = answer_of(
      R"({"stage":3,"topk_ratio":0.5,"world_size":2,"dtype":"float32","params":[{"shape":[2,3],"grad":[1,2,3,4,5,6]}]})");
  const auto& ranks = stage3["params"][0]["ranks"];
  EXPECT_EQ(ranks[0]["local_indices"], ojson::array());
  EXPECT_EQ(ranks[0]["dtype"], "float32");  // torch.tensor([])
  EXPECT_EQ(ranks[1]["dtype"], "int64");
}

TEST(RunOutcome, ARanksOwnFailureComesBeforeWhatEveryRankMeetsLater) {
  RunFailures failures;
  failures.raise(2, RankFailure{Error{"IndexError", std::nullopt, "x"}, 0});
  failures.raise(2, RankFailure{Error{"RuntimeError", std::nullopt, "later"}, 1});  // not its first
  EXPECT_EQ(rank_outcome(failures, 0).end, RankEnd::blocked);
  EXPECT_EQ(rank_outcome(failures, 2).failure->error.type, "IndexError");
  failures.rest = RankFailure{Error{"RuntimeError", std::nullopt, "y"}, std::nullopt};
  EXPECT_EQ(rank_outcome(failures, 0).failure->error.message, "y");
  EXPECT_EQ(rank_outcome(failures, 2).failure->error.message, "x");
  EXPECT_EQ(rank_outcome(RunFailures{}, 5).end, RankEnd::ok);
}

}  // namespace
}  // namespace zfcheck
