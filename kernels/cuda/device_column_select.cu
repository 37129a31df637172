// DeviceColumnSelect over the dispatch layer, compiled once for each gradient storage type.
#include "kernels/cuda/device_column_select.cuh"

#include "kernels/cuda/dispatch_column_select.cuh"

namespace zfcheck::kernels {

template <class T>
cudaError_t DeviceColumnSelect::Scores(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                       const ColumnSelectPlan& plan, const T* d_bucket, T* d_scores,
                                       cudaStream_t stream) {
  return dispatch::two_phase(d_temp_storage, temp_storage_bytes, [&](dispatch::TempLayout&, bool run_now) {
    return dispatch::scores(plan, run_now, d_bucket, d_scores, stream);
  });
}

template <class T>
cudaError_t DeviceColumnSelect::TopK(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                     const ColumnSelectPlan& plan, const T* d_scores, std::int32_t* d_indices,
                                     cudaStream_t stream) {
  return dispatch::two_phase(d_temp_storage, temp_storage_bytes,
                             [&](dispatch::TempLayout& layout, bool run_now) {
                               return dispatch::topk(layout, run_now, plan, d_scores, d_indices, stream);
                             });
}

template <class T>
cudaError_t DeviceColumnSelect::Select(void* d_temp_storage, std::size_t& temp_storage_bytes,
                                       const ColumnSelectPlan& plan, const T* d_bucket, T* d_scores,
                                       std::int32_t* d_indices, cudaStream_t stream) {
  return dispatch::two_phase(
      d_temp_storage, temp_storage_bytes, [&](dispatch::TempLayout& layout, bool run_now) {
        cudaError_t error = dispatch::scores(plan, run_now, d_bucket, d_scores, stream);
        if (error != cudaSuccess) return error;
        return dispatch::topk(layout, run_now, plan, static_cast<const T*>(d_scores), d_indices, stream);
      });
}


#define ZFCHECK_DEVICE_COLUMN_SELECT_FOR(T)                                                                  \
  template cudaError_t DeviceColumnSelect::Scores<T>(void*, std::size_t&, const ColumnSelectPlan&, const T*, \
                                                     T*, cudaStream_t);                                      \
  template cudaError_t DeviceColumnSelect::TopK<T>(void*, std::size_t&, const ColumnSelectPlan&, const T*,   \
                                                   std::int32_t*, cudaStream_t);                             \
  template cudaError_t DeviceColumnSelect::Select<T>(void*, std::size_t&, const ColumnSelectPlan&, const T*, \
                                                     T*, std::int32_t*, cudaStream_t);
ZFCHECK_DEVICE_COLUMN_SELECT_FOR(float)
ZFCHECK_DEVICE_COLUMN_SELECT_FOR(bfloat16_bits)
ZFCHECK_DEVICE_COLUMN_SELECT_FOR(float16_bits)
#undef ZFCHECK_DEVICE_COLUMN_SELECT_FOR

}  // namespace zfcheck::kernels
