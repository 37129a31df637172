// The CUDA backend of run_kernel: device buffers, a plan, one DeviceColumnSelect::Select call, results back.
#include "kernels/cuda/device_column_select.cuh"
#include "kernels/cuda/kernel_answer_cuda.hpp"

#include <cuda_runtime.h>
#include <dlfcn.h>

namespace zfcheck::kernels {

namespace {

// A device allocation freed at scope exit.
class DeviceBuffer {
 public:
  explicit DeviceBuffer(std::size_t bytes) { error_ = bytes == 0 ? cudaSuccess : cudaMalloc(&data_, bytes); }
  ~DeviceBuffer() {
    if (data_ != nullptr) cudaFree(data_);
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  template <class U>
  U* as() const {
    return static_cast<U*>(data_);
  }
  cudaError_t error() const { return error_; }

 private:
  void* data_ = nullptr;
  cudaError_t error_ = cudaSuccess;
};

std::string describe(cudaError_t error, const char* what) {
  return std::string(what) + ": " + cudaGetErrorName(error) + " (" + cudaGetErrorString(error) + ")";
}

template <class T>
std::string run_on_device(std::span<const T> bucket, const SelectionWork& work, std::span<T> scores,
                          std::span<std::int32_t> indices) {
  DeviceBuffer d_bucket(bucket.size_bytes());
  DeviceBuffer d_scores(scores.size_bytes());
  DeviceBuffer d_indices(indices.size_bytes());
  for (const DeviceBuffer* b : {&d_bucket, &d_scores, &d_indices}) {
    if (b->error() != cudaSuccess) return describe(b->error(), "cudaMalloc");
  }
  cudaError_t error =
      cudaMemcpy(d_bucket.as<T>(), bucket.data(), bucket.size_bytes(), cudaMemcpyHostToDevice);
  if (error != cudaSuccess) return describe(error, "copy of the bucket");
  ColumnSelectPlan plan;
  if ((error = ColumnSelectPlan::Build(plan, work.runs, work.rankings, work.order,
                                       static_cast<std::int64_t>(bucket.size()), work.score_count,
                                       work.index_count)) != cudaSuccess) {
    return describe(error, "ColumnSelectPlan::Build");
  }
  auto select = [&](void* temp, std::size_t& bytes) {
    return DeviceColumnSelect::Select<T>(temp, bytes, plan, d_bucket.as<T>(), d_scores.as<T>(),
                                         d_indices.as<std::int32_t>());
  };
  std::size_t temp_bytes = 0;
  if ((error = select(nullptr, temp_bytes)) != cudaSuccess) return describe(error, "Select (size query)");
  DeviceBuffer temp(temp_bytes == 0 ? 1 : temp_bytes);
  if (temp.error() != cudaSuccess) return describe(temp.error(), "cudaMalloc of temporary storage");
  if ((error = select(temp.as<void>(), temp_bytes)) != cudaSuccess) return describe(error, "Select");
  if ((error = cudaDeviceSynchronize()) != cudaSuccess) return describe(error, "kernels");
  if ((error = cudaMemcpy(scores.data(), d_scores.as<T>(), scores.size_bytes(), cudaMemcpyDeviceToHost)) !=
      cudaSuccess) {
    return describe(error, "copy of the scores");
  }
  if ((error = cudaMemcpy(indices.data(), d_indices.as<std::int32_t>(), indices.size_bytes(),
                          cudaMemcpyDeviceToHost)) != cudaSuccess) {
    return describe(error, "copy of the indices");
  }
  return "";
}

}  // namespace

std::string cuda_device_unavailable() {
  // The static runtime loads the driver itself; asking first gives a plain message when there is none.
  void* driver = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (driver == nullptr) return std::string("no NVIDIA driver (") + dlerror() + ")";
  dlclose(driver);
  int count = 0;
  cudaError_t error = cudaGetDeviceCount(&count);
  if (error != cudaSuccess) return describe(error, "cudaGetDeviceCount");
  if (count == 0) return "no CUDA device";
  return "";
}

tl::expected<KernelOutput, Error> run_kernel_cuda(const SelectionProblem& problem) {
  return run_kernel(problem,
                    [](auto bucket, const SelectionWork& work, auto scores, std::span<std::int32_t> indices) {
                      using T = typename decltype(scores)::element_type;
                      return run_on_device<T>(bucket, work, scores, indices);
                    });
}

}  // namespace zfcheck::kernels
