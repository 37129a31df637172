// The CUB conventions of the CUDA host API: plan checks, temporary-storage size, error state, graph capture.
#if defined(ZFCHECK_HAVE_CUDA)
#include "kernels/cpu/column_select_cpu.hpp"
#include "kernels/cuda/device_column_select.cuh"
#include "kernels/oracle/lcg.hpp"
#include "kernels/tests/gpu_test_support.hpp"

#include <vector>

namespace zfcheck::kernels {
namespace {

// Stage 3's shape: segments ranked by descending score (the path with a sort and scratch storage), over
// columns of kRows values; one run and one segment per parameter.
constexpr std::int64_t kRows = 64;

struct Work {
  std::vector<ColumnRun> runs;
  std::vector<RankingSegment> segments;
  std::int64_t columns = 0;
  std::int64_t index_count = 0;
};

Work work_of(const std::vector<std::int64_t>& columns_per_param) {
  Work work;
  for (std::int64_t columns : columns_per_param) {
    work.runs.push_back({work.columns * kRows, kRows, columns, work.columns});
    work.segments.push_back({work.columns, columns, columns / 10 + 1, work.index_count});
    work.columns += columns;
    work.index_count += columns / 10 + 1;
  }
  return work;
}

// Two parameters; and 600, more than cub::DeviceSegmentedSort's partitioning threshold.
const Work kTwo = work_of({300, 200});
const Work kMany = work_of(std::vector<std::int64_t>(600, 12));

std::vector<float> bucket_values(const Work& work) {
  std::vector<float> bucket(static_cast<std::size_t>(work.columns * kRows));
  Lcg32 lcg(7);
  for (float& value : bucket) value = lcg.signed_value(0x1p-31f);
  return bucket;
}

// Device copies of the bucket, scores and indices, and the plan, freed at scope exit.
struct DeviceData {
  const Work& work;
  float* bucket = nullptr;
  float* scores = nullptr;
  std::int32_t* indices = nullptr;
  ColumnSelectPlan plan;
  explicit DeviceData(const Work& w, SelectionOrder order = SelectionOrder::descending_score) : work(w) {
    std::vector<float> host = bucket_values(work);
    EXPECT_EQ(cudaMalloc(&bucket, host.size() * sizeof(float)), cudaSuccess);
    EXPECT_EQ(cudaMalloc(&scores, static_cast<std::size_t>(work.columns) * sizeof(float)), cudaSuccess);
    EXPECT_EQ(cudaMalloc(&indices, static_cast<std::size_t>(work.index_count) * sizeof(std::int32_t)),
              cudaSuccess);
    EXPECT_EQ(cudaMemcpy(bucket, host.data(), host.size() * sizeof(float), cudaMemcpyHostToDevice),
              cudaSuccess);
    EXPECT_EQ(ColumnSelectPlan::Build(plan, work.runs, work.segments, order,
                                      static_cast<std::int64_t>(host.size()), work.columns, work.index_count),
              cudaSuccess);
  }
  ~DeviceData() {
    cudaFree(bucket);
    cudaFree(scores);
    cudaFree(indices);
  }
  cudaError_t select(void* temp, std::size_t& bytes, cudaStream_t stream = 0) {
    return DeviceColumnSelect::Select<float>(temp, bytes, plan, bucket, scores, indices, stream);
  }
  std::vector<std::int32_t> indices_back() {
    std::vector<std::int32_t> out(static_cast<std::size_t>(work.index_count));
    EXPECT_EQ(cudaMemcpy(out.data(), indices, out.size() * sizeof(std::int32_t), cudaMemcpyDeviceToHost),
              cudaSuccess);
    return out;
  }
};

std::vector<std::int32_t> cpu_indices(const Work& work,
                                      SelectionOrder order = SelectionOrder::descending_score) {
  std::vector<float> bucket = bucket_values(work);
  std::vector<float> scores(static_cast<std::size_t>(work.columns));
  std::vector<std::int32_t> indices(static_cast<std::size_t>(work.index_count));
  EXPECT_TRUE(cpu::column_scores<float>(bucket, work.runs, scores));
  EXPECT_TRUE(cpu::segmented_topk<float>(scores, work.segments, order, indices));
  return indices;
}

TEST(GpuHostApi, PlanRefusesWorkThatDoesNotFit) {
  // Checked on the host before any device memory: runs without a device too.
  ColumnSelectPlan plan;
  std::vector<RankingSegment> too_many{{0, 10, 11, 0}};
  EXPECT_EQ(ColumnSelectPlan::Build(plan, {}, too_many, SelectionOrder::ascending_index, 0, 10, 11),
            cudaErrorInvalidValue);
  std::vector<ColumnRun> outside{{0, 4, 3, 0}};
  EXPECT_EQ(ColumnSelectPlan::Build(plan, outside, {}, SelectionOrder::ascending_index, 11, 3, 0),
            cudaErrorInvalidValue);
}

TEST(GpuHostApi, RunningCallChecksTheTemporaryStorageSize) {
  ZFCHECK_REQUIRE_DEVICE();
  DeviceData data(kTwo);
  std::size_t bytes = 0;
  ASSERT_EQ(data.select(nullptr, bytes), cudaSuccess);
  ASSERT_GT(bytes, 0u);
  void* temp = nullptr;
  ASSERT_EQ(cudaMalloc(&temp, bytes), cudaSuccess);
  std::size_t short_bytes = bytes - 1;
  EXPECT_EQ(data.select(temp, short_bytes), cudaErrorInvalidValue);
  EXPECT_EQ(data.select(temp, bytes), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(data.indices_back(), cpu_indices(kTwo));
  cudaFree(temp);
}

// Stage 3's order goes through CUB's sort, whose host calls would take the pending error (and answer
// cudaErrorInvalidDevice); stages 1/2's reads its own launches only.
TEST(GpuHostApi, LeavesAnEarlierErrorToItsOwner) {
  ZFCHECK_REQUIRE_DEVICE();
  for (SelectionOrder order : {SelectionOrder::descending_score, SelectionOrder::ascending_index}) {
    SCOPED_TRACE(order == SelectionOrder::descending_score ? "descending_score" : "ascending_index");
    DeviceData data(kTwo, order);
    std::size_t bytes = 0;
    ASSERT_EQ(data.select(nullptr, bytes), cudaSuccess);
    void* temp = nullptr;
    ASSERT_EQ(cudaMalloc(&temp, bytes), cudaSuccess);
    void* huge = nullptr;
    ASSERT_EQ(cudaMalloc(&huge, std::size_t{1} << 62), cudaErrorMemoryAllocation);  // not sticky
    std::size_t queried = 0;
    EXPECT_EQ(data.select(nullptr, queried), cudaSuccess);
    EXPECT_EQ(queried, bytes);
    EXPECT_EQ(data.select(temp, bytes), cudaSuccess);
    EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    EXPECT_EQ(data.indices_back(), cpu_indices(kTwo, order));
    EXPECT_EQ(cudaGetLastError(), cudaErrorMemoryAllocation) << "Select cleared an earlier error";
    cudaFree(temp);
  }
}

TEST(GpuHostApi, SelectIsCapturedInAGraphAndReplayed) {
  ZFCHECK_REQUIRE_DEVICE();
  for (const Work* work : {&kTwo, &kMany}) {
    DeviceData data(*work);
    std::size_t bytes = 0;
    ASSERT_EQ(data.select(nullptr, bytes), cudaSuccess);
    void* temp = nullptr;
    ASSERT_EQ(cudaMalloc(&temp, bytes), cudaSuccess);
    cudaStream_t stream;
    ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
    cudaGraph_t graph;
    ASSERT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal), cudaSuccess);
    EXPECT_EQ(data.select(temp, bytes, stream), cudaSuccess) << work->segments.size() << " segments";
    ASSERT_EQ(cudaStreamEndCapture(stream, &graph), cudaSuccess);
    cudaGraphExec_t exec;
    ASSERT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaSuccess);
    for (int replay = 0; replay < 2; ++replay) {
      ASSERT_EQ(cudaMemset(data.indices, 0xFF, static_cast<std::size_t>(work->index_count) * 4), cudaSuccess);
      ASSERT_EQ(cudaGraphLaunch(exec, stream), cudaSuccess);
      ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
      EXPECT_EQ(data.indices_back(), cpu_indices(*work)) << "replay " << replay;
    }
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaStreamDestroy(stream);
    cudaFree(temp);
  }
}

}  // namespace
}  // namespace zfcheck::kernels
#endif
