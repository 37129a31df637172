// The CUDA kernels against their CPU build (bit for bit) and the oracle: label gpu, skipped without a device.
#include "kernels/check/kernel_judgement.hpp"
#include "kernels/check/topk_io.hpp"
#include "kernels/tests/gpu_test_support.hpp"
#include "kernels/check/topk_generators.hpp"

#include "kernels/oracle/lcg.hpp"
#include "kernels/oracle/topk_oracle.hpp"

#if defined(ZFCHECK_HAVE_CUDA)
#include "kernels/cuda/kernel_answer_cuda.hpp"
#endif

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <bit>
#include <cmath>

namespace zfcheck::kernels {
namespace {

#if defined(ZFCHECK_HAVE_CUDA)
// The device run equals the CPU build's exactly (same sums in the same order, same ranking) and passes the
// oracle comparison.
std::vector<std::string> device_failures(const SelectionProblem& problem) {
  auto cpu = run_kernel_cpu(problem);
  auto gpu = run_kernel_cuda(problem);
  if (!cpu) return {"CPU build failed"};
  if (!gpu) return {"CUDA run failed: " + gpu.error().message};
  std::vector<std::string> failures = judge_kernel_run(problem, oracle_answer(problem), gpu).failures;
  bool same_scores = cpu->scores.size() == gpu->scores.size();
  for (std::size_t i = 0; same_scores && i < cpu->scores.size(); ++i) {
    float a = cpu->scores[i];
    float b = gpu->scores[i];
    same_scores = (std::isnan(a) && std::isnan(b)) ||
                  std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
  }
  if (!same_scores) failures.push_back("device scores differ from the CPU build's");
  if (cpu->indices != gpu->indices) failures.push_back("device indices differ from the CPU build's");
  if (!failures.empty()) failures.push_back("problem: " + topk_problem_to_json(std::nullopt, problem).dump());
  return failures;
}

SelectionProblem wide_problem(int stage, GradDtype dtype, std::vector<ParamShape> shapes,
                              std::int64_t world) {
  SelectionProblem problem{ColumnsProblem{stage, 0.1, world, shapes, std::nullopt}, dtype, {}};
  Lcg32 lcg(99);
  for (const ParamShape& shape : shapes) {
    for (std::int64_t i = 0; i < shape.rows * shape.cols; ++i) {
      problem.bucket.push_back(round_to_dtype(lcg.signed_value(0x1p-40f), dtype));
    }
  }
  return problem;
}
#endif

TEST(GpuKernels, GeneratedProblemsMatchTheCpuBuildAndTheOracle) {
  ZFCHECK_REQUIRE_DEVICE();
#if defined(ZFCHECK_HAVE_CUDA)
  EXPECT_TRUE(rc::check("the CUDA kernels answer as their CPU build and the oracle", [] {
    SelectionProblem problem = *gen::genSelectionProblem();
    auto failures = device_failures(problem);
    RC_ASSERT(failures.empty());
  }));
#endif
}

TEST(GpuKernels, LongSegmentsAndRealColumnLengths) {
  ZFCHECK_REQUIRE_DEVICE();
#if defined(ZFCHECK_HAVE_CUDA)
  // Stage 3 over 140000 columns: tiles longer than kSharedKeys<Key> (16-bit too), ranked from L2.
  for (GradDtype dtype : {GradDtype::float32, GradDtype::bfloat16, GradDtype::float16}) {
    auto failures = device_failures(wide_problem(3, dtype, {{2, 140000}}, 4));
    EXPECT_TRUE(failures.empty()) << failures.front();
  }
  // 4096-row columns (the 7B layer's), misaligned starts from an odd-sized parameter first.
  auto failures = device_failures(wide_problem(2, GradDtype::bfloat16, {{3, 5}, {4096, 96}, {11008, 16}}, 8));
  EXPECT_TRUE(failures.empty()) << failures.front();
#endif
}

}  // namespace
}  // namespace zfcheck::kernels
