// Runs the host side of a call apart from the calling thread's pending CUDA error, which stays for its owner.
//
// The runtime keeps the last error per host thread, and CUB's host calls take a pending one as their own
// and clear it: cub::Debug, behind every CubDebug, folds cudaGetLastError into each result, so before
// DeviceSegmentedSort does anything cub::CurrentDevice answers -1 and cub::PtxVersion
// cudaErrorInvalidDevice, and the caller's error is gone (CCCL 3.0: cub/util_debug.cuh,
// cub/util_device.cuh). Our own launches are read with cudaPeekAtLastError, which would report it too.
// So with an error pending, the work runs on a helper thread made current on the caller's context, where
// no error is pending; with none, it runs here, at no cost.
#pragma once

#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <system_error>
#include <thread>

namespace zfcheck::kernels::dispatch {

struct ContextCalls {
  PFN_cuCtxGetCurrent_v4000 get_current = nullptr;
  PFN_cuCtxSetCurrent_v4000 set_current = nullptr;
};

// The driver's context calls, looked up once through the runtime (the static runtime links no libcuda), on
// a thread of their own: a failed lookup would set the last error of the thread that makes it.
inline const ContextCalls& context_calls() {
  static const ContextCalls calls = [] {
    ContextCalls found;
    std::thread([&found] {
      cudaDriverEntryPointQueryResult status{};
      cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", reinterpret_cast<void**>(&found.get_current), 4000,
                                       cudaEnableDefault, &status);
      cudaGetDriverEntryPointByVersion("cuCtxSetCurrent", reinterpret_cast<void**>(&found.set_current), 4000,
                                       cudaEnableDefault, &status);
    }).join();
    return found;
  }();
  return calls;
}

// work() -> cudaError_t, run where no earlier error is pending. Without the driver's context calls (no
// driver: the pending error is then the runtime's own failure to start) the work runs here; without a
// thread to run it on, the call answers cudaErrorOperatingSystem.
template <class Work>
cudaError_t apart_from_pending_error(Work&& work) {
  if (cudaPeekAtLastError() == cudaSuccess) return work();
  try {
    const ContextCalls& calls = context_calls();
    CUcontext context = nullptr;
    if (calls.get_current == nullptr || calls.set_current == nullptr ||
        calls.get_current(&context) != CUDA_SUCCESS)
      return work();
    cudaError_t result = cudaSuccess;
    std::thread([&] {
      result = calls.set_current(context) == CUDA_SUCCESS ? work() : cudaErrorDeviceUninitialized;
    }).join();
    return result;
  } catch (const std::system_error&) {
    return cudaErrorOperatingSystem;
  }
}

}  // namespace zfcheck::kernels::dispatch
