// Tests of DeepSpeedConfig's batch rules, gradient_allreduce_op and _do_error_check (reference/deepspeed_config);
// expected values are what upstream's config.py gives (read with the upstream engine).
#include "reference/deepspeed_config.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

tl::expected<DeepSpeedConfig, Error> read(std::string_view config, int world_size = 1) {
  return read_deepspeed_config(*testing::json(config).as<py::Dict>(), py::Int(world_size), Switches{});
}

std::string batch_text(std::string_view config, int world_size = 1) {
  auto ds = read(config, world_size);
  if (!ds) return ds.error().type + ": " + ds.error().message;
  return py::to_decimal(ds->batch.train_batch_size) + "/" + py::to_decimal(ds->batch.train_micro_batch_size_per_gpu) +
         "/" + py::to_decimal(ds->batch.gradient_accumulation_steps);
}

TEST(DeepSpeedConfigBatch, DerivesTheMissingValuesWithFloorDivision) {
  EXPECT_EQ(batch_text(R"({"train_batch_size":8})", 2), "8/4/1");
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":3})", 2), "6/3/1");
  EXPECT_EQ(batch_text(R"({"train_batch_size":16,"train_micro_batch_size_per_gpu":2})", 4), "16/2/2");
  EXPECT_EQ(batch_text(R"({"train_batch_size":16,"gradient_accumulation_steps":2})", 4), "16/2/2");
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":2,"gradient_accumulation_steps":4})", 2), "16/2/4");
}

TEST(DeepSpeedConfigBatch, AssertsAsUpstreamDoes) {
  EXPECT_EQ(batch_text("{}"),
            "AssertionError: Either train_batch_size or train_micro_batch_size_per_gpu needs to be provided");
  EXPECT_EQ(batch_text(R"({"gradient_accumulation_steps":4})"),
            "AssertionError: Either train_batch_size or train_micro_batch_size_per_gpu needs to be provided");
  // Found by conformance --generated: a str alone derives nothing, and the micro batch is divided in place.
  EXPECT_EQ(batch_text(R"({"gradient_accumulation_steps":"auto"})"),
            "AssertionError: Either train_batch_size or train_micro_batch_size_per_gpu needs to be provided");
  EXPECT_EQ(batch_text(R"({"train_batch_size":0,"gradient_accumulation_steps":"auto"})", 4),
            "TypeError: unsupported operand type(s) for //=: 'int' and 'str'");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"train_micro_batch_size_per_gpu":3})", 2),
            "AssertionError: Check batch related parameters. train_batch_size is not equal to "
            "micro_batch_per_gpu * gradient_acc_step * world_size 8 != 3 * 1 * 2");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8})", 16), "AssertionError: Micro batch size per gpu: 0 has to be greater than 0");
  EXPECT_EQ(batch_text(R"({"train_batch_size":6,"train_micro_batch_size_per_gpu":2,"gradient_accumulation_steps":0})"),
            "AssertionError: Gradient accumulation steps: 0 has to be greater than 0");
  EXPECT_EQ(batch_text(R"({"train_batch_size":0,"train_micro_batch_size_per_gpu":"auto","gradient_accumulation_steps":1})"),
            "AssertionError: Train batch size: 0 has to be greater than 0");
  EXPECT_EQ(batch_text(R"({"train_batch_size":-8,"train_micro_batch_size_per_gpu":0})"),
            "ZeroDivisionError: integer division or modulo by zero");
  EXPECT_EQ(batch_text(R"({"train_batch_size":-7,"train_micro_batch_size_per_gpu":2})"),
            "AssertionError: Train batch size: -7 has to be greater than 0");
}

TEST(DeepSpeedConfigBatch, StrValuesFailAsPythonDoes) {
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"train_micro_batch_size_per_gpu":"auto","gradient_accumulation_steps":1})"),
            "TypeError: '>' not supported between instances of 'str' and 'int'");
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":"auto"})"),
            "TypeError: '>' not supported between instances of 'str' and 'int'");
  EXPECT_EQ(batch_text(R"({"train_batch_size":"auto","train_micro_batch_size_per_gpu":2})"),
            "TypeError: unsupported operand type(s) for //: 'str' and 'int'");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8.0})"), "Unmodelled: train_batch_size of type float is not modelled when another batch value is derived");
}

TEST(DeepSpeedConfigBatch, NeverWraps) {
  EXPECT_EQ(batch_text(R"({"train_micro_batch_size_per_gpu":9223372036854775807,"gradient_accumulation_steps":2})", 2),
            "36893488147419103228/9223372036854775807/2");
}

TEST(DeepSpeedConfigErrors, AllreduceOpIsLowerCasedAndChecked) {
  EXPECT_TRUE(read(R"({"train_batch_size":8,"gradient_allreduce_op":"MEAN"})"));
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"gradient_allreduce_op":"Max"})"),
            "ValueError: Invalid gradient_allreduce_op. Supported operations: ['mean', 'sum']. Got: 'max'");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"gradient_allreduce_op":null})"),
            "ValueError: Invalid gradient_allreduce_op. Supported operations: ['mean', 'sum']. Got: None");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"gradient_allreduce_op":"it's"})"),
            "ValueError: Invalid gradient_allreduce_op. Supported operations: ['mean', 'sum']. Got: \"it's\"");
}

TEST(DeepSpeedConfigErrors, SumIsRefusedWithStage3AndWithZenFlow) {
  EXPECT_TRUE(read(R"({"train_batch_size":8,"gradient_allreduce_op":"sum"})"));
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"gradient_allreduce_op":"SUM","zero_optimization":{"zenflow":{}}})"),
            "ValueError: gradient_allreduce_op='sum' is not supported with ZenFlow");
  EXPECT_EQ(batch_text(R"({"train_batch_size":8,"gradient_allreduce_op":"sum","zero_optimization":{"stage":3,"zenflow":{}}})"),
            "ValueError: gradient_allreduce_op='sum' is not supported with ZeRO stage 3");
  // "auto" drops the block: ZenFlow is off, so sum is fine.
  EXPECT_TRUE(read(R"({"train_batch_size":8,"gradient_allreduce_op":"sum","zero_optimization":{"zenflow":"auto"}})"));
}

TEST(DeepSpeedConfigErrors, UnmodelledKeysAreNamed) {
  auto ds = read(R"({"train_batch_size":8,"elasticity":{"enabled":false}})");
  ASSERT_FALSE(ds);
  EXPECT_EQ(ds.error().type, kUnmodelledType);
  EXPECT_EQ(ds.error().message, "the elasticity key is not modelled");
}

}  // namespace
}  // namespace zfcheck
