// The CUDA column-selection kernels, compiled once for each gradient storage type.
#include "kernels/cuda/dispatch_column_select.cuh"

namespace zfcheck::kernels {

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
