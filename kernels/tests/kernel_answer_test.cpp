// The kernel algorithm's CPU build on real layer shapes against the oracle (the property over generated
// problems, kernelAgreesWithTheOracle, is the property suite's: properties/suite/topk_bodies.cpp).
#include "kernels/kernel_answer.hpp"
#include "kernels/check/kernel_judgement.hpp"

#include "kernels/oracle/lcg.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#include <gtest/gtest.h>

namespace zfcheck::kernels {
namespace {

TEST(KernelDifferential, SevenBillionLayerShapesAgreeOnASmallScale) {
  // The 7B layer's aspect ratios, 64x smaller: 64x64 x4, 172x64 x2, 64x172, stage 2 over 8 ranks, bf16.
  SelectionProblem problem{ColumnsProblem{2, 0.1, 8, {}, std::nullopt}, GradDtype::bfloat16, {}};
  std::vector<ParamShape> shapes{{64, 64}, {64, 64}, {64, 64}, {64, 64}, {172, 64}, {172, 64}, {64, 172}};
  Lcg32 lcg(12345);
  for (const ParamShape& shape : shapes) {
    problem.layout.params.push_back(shape);
    for (std::int64_t i = 0; i < shape.rows * shape.cols; ++i) {
      problem.bucket.push_back(
          round_to_dtype(static_cast<float>(lcg.next() >> 8) * 0x1p-30f, GradDtype::bfloat16));
    }
  }
  auto kernel = run_kernel_cpu(problem);
  auto verdict = judge_kernel_run(problem, oracle_answer(problem), kernel);
  EXPECT_TRUE(verdict.failures.empty()) << verdict.failures.front();
  EXPECT_EQ(kernel->work.rankings.size(), 14u);  // 7 parameters over 8 ranks: every chunk in one launch
}

TEST(KernelDifferential, OneDShiftIsReproducedByTheKernel) {
  // A LayerNorm-shaped bucket over 2 ranks: weight [8], bias [8], a (8, 6) weight, a bias [6]; the
  // (8, 6) weight is read 16 elements early, under upstream's rule and the kernel's alike.
  SelectionProblem problem{
      ColumnsProblem{2, 0.5, 2, {{1, 8, true}, {1, 8, true}, {8, 6}, {1, 6, true}}, std::nullopt},
      GradDtype::float32,
      {}};
  Lcg32 lcg(7);
  for (int i = 0; i < 8 + 8 + 48 + 6; ++i) problem.bucket.push_back(static_cast<float>(lcg.next() >> 20));
  for (bool shift : {true, false}) {
    problem.layout.one_d_params_shift_offsets = shift;
    auto oracle = oracle_answer(problem);
    auto kernel = run_kernel_cpu(problem);
    auto verdict = judge_kernel_run(problem, oracle, kernel);
    EXPECT_TRUE(verdict.failures.empty()) << verdict.failures.front();
    EXPECT_EQ(kernel->answer.params.at(2).value().selected, oracle->params.at(2).value().selected);
    EXPECT_EQ(kernel->work.runs.at(0).bucket_begin, shift ? 0 : 16);
  }
}

}  // namespace
}  // namespace zfcheck::kernels
