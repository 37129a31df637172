// Tests of the topk format: round trips, every malformed field named, bounded parsing, answer keys.
#include "kernels/check/topk_io.hpp"

#include "kernels/oracle/topk_oracle.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>

namespace zfcheck {
namespace {

std::string field_of(std::string_view line) {
  auto parsed = parse_topk_problem(line);
  EXPECT_FALSE(parsed.has_value()) << line;
  if (parsed) return "(parsed)";
  EXPECT_EQ(parsed.error().error.type, "CaseError");
  return parsed.error().error.field.value_or("(none)");
}

// The field named for a one-parameter problem whose parameter is `param`.
std::string field_of_param(std::string_view param) {
  return field_of(R"({"stage":2,"topk_ratio":0.1,"world_size":1,"dtype":"float32","params":[)" +
                  std::string(param) + "]}");
}

constexpr const char* kGood =
    R"({"id":"x","stage":2,"topk_ratio":0.5,"world_size":2,"dtype":"bfloat16","params":[{"shape":[2,3],"grad":[1,-2,"NaN",0.1,"Infinity",1e39]}],"partition":[2,4]})";

TEST(TopkIo, ParsesAndRoundsToTheDtype) {
  auto line = parse_topk_problem(kGood).value();
  EXPECT_EQ(line.id, "x");
  const SelectionProblem& p = line.problem;
  EXPECT_EQ(p.layout.stage, 2);
  EXPECT_EQ(p.layout.world_size, 2);
  EXPECT_EQ(p.dtype, GradDtype::bfloat16);
  ASSERT_EQ(p.bucket.size(), 6u);
  EXPECT_TRUE(std::isnan(p.bucket[2]));
  EXPECT_EQ(p.bucket[3], round_to_dtype(0.1f, GradDtype::bfloat16));
  EXPECT_EQ(p.bucket[4], INFINITY);
  EXPECT_EQ(p.bucket[5], INFINITY);  // beyond float's range, as torch.tensor rounds it
  EXPECT_EQ(p.layout.partition, (std::vector<std::int64_t>{2, 4}));
}

TEST(TopkIo, ProblemRoundTrips) {
  auto first = parse_topk_problem(kGood).value();
  auto again = parse_topk_problem(topk_problem_to_json(first.id, first.problem).dump()).value();
  EXPECT_EQ(again.id, first.id);
  EXPECT_EQ(again.problem.layout.partition, first.problem.layout.partition);
  ASSERT_EQ(again.problem.bucket.size(), first.problem.bucket.size());
  for (std::size_t i = 0; i < first.problem.bucket.size(); ++i) {
    float a = first.problem.bucket[i];
    float b = again.problem.bucket[i];
    EXPECT_TRUE((std::isnan(a) && std::isnan(b)) ||
                std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b));
  }
}

TEST(TopkIo, EveryMalformedFieldIsNamed) {
  EXPECT_EQ(field_of("not json"), "(none)");
  EXPECT_EQ(field_of("[1, 2]"), "(none)");
  EXPECT_EQ(field_of(R"({"id": 3})"), "id");
  EXPECT_EQ(field_of(R"({"topk_ratio":0.1})"), "stage");
  EXPECT_EQ(field_of(R"({"stage":true,"topk_ratio":0.1})"), "stage");
  EXPECT_EQ(field_of(R"({"stage":4})"), "stage");
  EXPECT_EQ(field_of(R"({"stage":2,"topk_ratio":"0.1"})"), "topk_ratio");
  EXPECT_EQ(field_of(R"({"stage":2,"topk_ratio":false})"), "topk_ratio");
  EXPECT_EQ(field_of(R"({"stage":2,"topk_ratio":0.1,"world_size":0})"), "world_size");
  EXPECT_EQ(field_of(R"({"stage":2,"topk_ratio":0.1,"world_size":1.5})"), "world_size");
  EXPECT_EQ(field_of(R"({"stage":2,"topk_ratio":0.1,"world_size":99999999999})"), "world_size");
  EXPECT_EQ(field_of(R"({"stage":2,"topk_ratio":0.1,"world_size":1,"dtype":"half"})"), "dtype");
  EXPECT_EQ(field_of(R"({"stage":2,"topk_ratio":0.1,"world_size":1,"dtype":"float32","params":{}})"),
            "params");
  EXPECT_EQ(field_of_param(R"({"shape":[1,1]})"), "params");
  EXPECT_EQ(field_of_param(R"({"shape":[1,1,1],"grad":[1]})"), "params.shape");
  EXPECT_EQ(field_of_param(R"({"shape":[],"grad":[]})"), "params.shape");
  EXPECT_EQ(field_of_param(R"({"shape":[3],"grad":[1]})"), "params.grad");
  EXPECT_EQ(field_of_param(R"({"shape":[0,1],"grad":[]})"), "params.shape");
  EXPECT_EQ(field_of_param(R"({"shape":[1,2],"grad":[1]})"), "params.grad");
  EXPECT_EQ(field_of_param(R"({"shape":[1,1],"grad":["x"]})"), "params.grad");
  EXPECT_EQ(
      field_of(
          R"({"stage":2,"topk_ratio":0.1,"world_size":2,"dtype":"float32","params":[],"partition":[1]})"),
      "partition");
  EXPECT_EQ(
      field_of(
          R"({"stage":2,"topk_ratio":0.1,"world_size":1,"dtype":"float32","params":[],"partition":[-1]})"),
      "partition");
  constexpr const char* kTwo =
      R"({"stage":2,"topk_ratio":0.1,"world_size":1,"dtype":"float32","params":[{"shape":[2],"grad":[1,2]},{"shape":[1,1],"grad":[3]}],"bucket_order":)";
  EXPECT_EQ(field_of(std::string(kTwo) + "[0,0]}"), "bucket_order");  // not a permutation
  EXPECT_EQ(field_of(std::string(kTwo) + "[1]}"), "bucket_order");    // too short
  EXPECT_EQ(field_of(std::string(kTwo) + "[1,2]}"), "bucket_order");  // out of range
  EXPECT_EQ(field_of(std::string(kTwo) + "[1,0.5]}"), "bucket_order");
  EXPECT_EQ(field_of(std::string(kTwo) + "{}}"), "bucket_order");
  EXPECT_TRUE(parse_topk_problem(std::string(kTwo) + "[1,0]}").has_value());
}

TEST(TopkIo, OneDParametersAndBucketOrderRoundTrip) {
  // A bias [N] and a weight; the weight's gradient reaches the bucket first, so it lies first in it.
  auto line =
      parse_topk_problem(
          R"({"stage":1,"topk_ratio":0.5,"world_size":1,"dtype":"float32","params":[{"shape":[2],"grad":[7,8]},{"shape":[2,2],"grad":[1,2,3,4]}],"bucket_order":[1,0]})")
          .value();
  const SelectionProblem& p = line.problem;
  EXPECT_EQ(p.layout.params[0], (ParamShape{1, 2, true}));
  EXPECT_EQ(p.layout.params[1], (ParamShape{2, 2, false}));
  EXPECT_EQ(p.bucket, (std::vector<float>{1, 2, 3, 4, 7, 8}));
  auto json = topk_problem_to_json(line.id, p);
  EXPECT_EQ(json["params"][0]["shape"], nlohmann::json::parse("[2]"));
  EXPECT_EQ(json["params"][0]["grad"], nlohmann::json::parse("[7.0, 8.0]"));
  EXPECT_EQ(json["bucket_order"], nlohmann::json::parse("[1, 0]"));
  auto again = parse_topk_problem(json.dump()).value();
  EXPECT_EQ(again.problem.layout.params, p.layout.params);
  EXPECT_EQ(again.problem.layout.bucket_order, p.layout.bucket_order);
  EXPECT_EQ(again.problem.bucket, p.bucket);
  // A 1-D parameter is answered as skipped, in every stage.
  for (int stage : {1, 3}) {
    line.problem.layout.stage = stage;
    auto answer = topk_answer_to_json(line.id, oracle_answer(line.problem).value());
    EXPECT_EQ(answer["params"][0]["skipped"], true) << stage;
    EXPECT_EQ(answer["params"][0]["selected"], nlohmann::json::array()) << stage;
    EXPECT_FALSE(answer["params"][1].contains("skipped")) << stage;
  }
}

TEST(TopkIo, NumbersBeyondADoubleAreInfinityAndEveryLineKeepsItsId) {
  // Python's json reads 1e999 as inf, and so does the format: the ratio is infinite, a gradient value -Inf.
  auto line = parse_topk_problem(
                  R"({"id":"1e999","stage":1,"topk_ratio":1e999,"world_size":1,"dtype":"float32","params":[{"shape":[1,2],"grad":[-1e999,1e999]}]})")
                  .value();
  EXPECT_EQ(line.id, "1e999");  // a string is left alone
  EXPECT_EQ(line.problem.layout.topk_ratio, INFINITY);
  EXPECT_EQ(line.problem.bucket[0], -INFINITY);
  EXPECT_EQ(line.problem.bucket[1], INFINITY);
  EXPECT_EQ(topk_problem_to_json(line.id, line.problem)["topk_ratio"], "Infinity");
  // Where the value must be an integer, the CaseError names the field and keeps the id.
  auto world = parse_topk_problem(
      R"({"stage":1,"topk_ratio":0.5,"world_size":1e999,"dtype":"float32","params":[],"id":"late"})");
  ASSERT_FALSE(world.has_value());
  EXPECT_EQ(world.error().id, "late");
  EXPECT_EQ(world.error().error.field, "world_size");
  // The ratio takes the format's spellings of non-finite values, as the gradients do.
  auto nan = parse_topk_problem(
      R"({"stage":3,"topk_ratio":"NaN","world_size":1,"dtype":"float32","params":[{"shape":[2,2],"grad":[1,2,3,4]}]})");
  ASSERT_TRUE(nan.has_value());
  EXPECT_TRUE(std::isnan(nan->problem.layout.topk_ratio));
  EXPECT_EQ(field_of(R"({"stage":1,"topk_ratio":"inf","world_size":1,"dtype":"float32","params":[]})"), "topk_ratio");
}

TEST(TopkIo, HostileSizesAreRejectedWithoutAllocating) {
  // A shape claiming 2^80 elements with a two-value gradient: rejected on the count, nothing allocated.
  EXPECT_EQ(field_of_param(R"({"shape":[1099511627776,1099511627776],"grad":[1,2]})"), "params.grad");
  // More values than the bound, and nesting deeper than any problem needs.
  auto many = parse_topk_problem(R"({"stage":2,"params":[{"shape":[1,8],"grad":[1,2,3,4,5,6,7,8]}]})", 6);
  ASSERT_FALSE(many.has_value());
  EXPECT_NE(many.error().error.message.find("more than 6"), std::string::npos);
  EXPECT_FALSE(parse_topk_problem(std::string(100, '[') + std::string(100, ']')).has_value());
}

TEST(TopkIo, AnswersCarryTheStageKeysAndPerParameterErrors) {
  auto line =
      parse_topk_problem(
          R"({"id":"s3","stage":3,"topk_ratio":0.5,"world_size":4,"dtype":"float32","params":[{"shape":[2,4],"grad":[1,2,3,4,5,6,7,8]},{"shape":[3,3],"grad":[1,2,3,4,5,6,7,8,9]},{"shape":[1,2],"grad":[1,2]}]})")
          .value();
  auto json = topk_answer_to_json(line.id, oracle_answer(line.problem).value());
  EXPECT_EQ(json["id"], "s3");
  ASSERT_EQ(json["params"].size(), 3u);
  EXPECT_TRUE(json["params"][0].contains("ranks"));
  EXPECT_EQ(json["params"][0]["ranks"][3]["start_column"], 3);
  EXPECT_EQ(json["params"][1]["error"]["type"], "IndexError");
  EXPECT_EQ(json["params"][2]["skipped"], true);
  line.problem.layout.stage = 2;
  json = topk_answer_to_json(line.id, oracle_answer(line.problem).value());
  EXPECT_TRUE(json["params"][0].contains("chunks"));
  EXPECT_EQ(json["params"][0]["chunks"][0].size(),
            7u);  // rank, offset, numel, start/end_column, num_select, indices
}

}  // namespace
}  // namespace zfcheck
