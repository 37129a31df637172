// Tests of the batch values with sequence_parallel_size (reference/batch_sizes); expected values are what
// upstream's runtime/config.py gives at edaa72212 (read with the upstream engine).
#include "reference/batch_sizes.hpp"

#include "test_support.hpp"

namespace zfcheck {
namespace {

std::string sizes_text(std::string_view config, int world_size) {
  auto b = batch_sizes(*testing::json(config).as<py::Dict>(), py::Int(world_size));
  if (!b) return b.error().type + ": " + b.error().message;
  return py::number_text(b->train_batch_size) + "/" + py::number_text(b->train_micro_batch_size_per_gpu) +
         "/" + py::number_text(b->gradient_accumulation_steps);
}

TEST(BatchSizes, SequenceParallelSizeDividesTheWorldIntoAFloat) {
  EXPECT_EQ(sizes_text(R"({"train_batch_size":8,"sequence_parallel_size":2})", 4), "8/4.0/1");
  EXPECT_EQ(sizes_text(R"({"train_batch_size":8,"sequence_parallel_size":2})", 1), "8/16.0/1");
  EXPECT_EQ(sizes_text(R"({"train_micro_batch_size_per_gpu":2,"sequence_parallel_size":2})", 3), "3.0/2/1");
  EXPECT_EQ(sizes_text(
                R"({"train_batch_size":8,"train_micro_batch_size_per_gpu":2,"sequence_parallel_size":2})", 4),
            "8/2/2.0");
  // All three given: nothing is derived, and the assertion prints the float world size.
  EXPECT_EQ(
      sizes_text(R"({"train_batch_size":8,"train_micro_batch_size_per_gpu":2,"gradient_accumulation_steps":2,
                          "sequence_parallel_size":2})",
                 1),
      "AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu "
      "* "
      "gradient_acc_step * world_size 8 != 2 * 2 * 0.5");
  EXPECT_EQ(sizes_text(R"({"train_batch_size":8,"sequence_parallel_size":-2})", 4),
            "AssertionError: Micro batch size per gpu: -4.0 has to be greater than 0");
}

TEST(BatchSizes, SequenceParallelSizeFailsAsPythonsDivisionDoes) {
  EXPECT_EQ(sizes_text(R"({"train_batch_size":8,"sequence_parallel_size":0})", 4),
            "ZeroDivisionError: division by zero");
  EXPECT_EQ(sizes_text(R"({"train_batch_size":8,"sequence_parallel_size":false})", 4),
            "ZeroDivisionError: division by zero");
  EXPECT_EQ(sizes_text(R"({"train_batch_size":8,"sequence_parallel_size":0.0})", 4),
            "ZeroDivisionError: float division by zero");
  EXPECT_EQ(sizes_text(R"({"train_batch_size":8,"sequence_parallel_size":"2"})", 4),
            "TypeError: unsupported operand type(s) for /: 'int' and 'str'");
  EXPECT_EQ(sizes_text(R"({"train_batch_size":8,"sequence_parallel_size":null})", 4),
            "TypeError: unsupported operand type(s) for /: 'int' and 'NoneType'");
  // A str batch value meets the float: refused where an int world size would repeat it.
  EXPECT_EQ(sizes_text(R"({"train_micro_batch_size_per_gpu":"2","sequence_parallel_size":2})", 4),
            "TypeError: can't multiply sequence by non-int of type 'float'");
  EXPECT_EQ(sizes_text(R"({"train_batch_size":"8","gradient_accumulation_steps":2,"sequence_parallel_size":2})", 4),
            "TypeError: unsupported operand type(s) for //: 'str' and 'float'");
  EXPECT_EQ(sizes_text(R"({"train_batch_size":8,"gradient_accumulation_steps":"2","sequence_parallel_size":2})", 4),
            "TypeError: unsupported operand type(s) for //=: 'float' and 'str'");
  // A world size of 0.0, inf or nan computes on with Python's floats.
  EXPECT_EQ(sizes_text(R"({"train_batch_size":8,"sequence_parallel_size":Infinity})", 4),
            "ZeroDivisionError: float floor division by zero");
  EXPECT_EQ(sizes_text(R"({"train_micro_batch_size_per_gpu":2,"sequence_parallel_size":1e-320})", 4),
            "inf/2/1");
  EXPECT_EQ(sizes_text(R"({"train_batch_size":8,"sequence_parallel_size":1e-320})", 4),
            "AssertionError: Micro batch size per gpu: 0.0 has to be greater than 0");
  EXPECT_EQ(sizes_text(R"({"train_micro_batch_size_per_gpu":2,"sequence_parallel_size":NaN})", 4),
            "AssertionError: Train batch size: nan has to be greater than 0");
  // An int divisor no float holds: Python's int / int rounds the exact quotient once.
  EXPECT_EQ(sizes_text(R"({"train_batch_size":8,"sequence_parallel_size":9007199254740993})", 4),
            "8/1.8014398509481988e+16/1");
}

}  // namespace
}  // namespace zfcheck
