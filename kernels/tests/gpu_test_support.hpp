// What every gpu-label test starts with: skip, printing why, when the CUDA kernels cannot run here.
#pragma once

#if defined(ZFCHECK_HAVE_CUDA)
#include "kernels/cuda/kernel_answer_cuda.hpp"
#endif

#include <gtest/gtest.h>

#include <iostream>
#include <string>

namespace zfcheck::testing {

// Why the gpu tests cannot run here, or empty.
inline std::string gpu_unavailable() {
#if defined(ZFCHECK_HAVE_CUDA)
  return kernels::cuda_device_unavailable();
#else
  return "built without the CUDA kernels (configure with the cuda preset, ZFCHECK_CUDA=ON)";
#endif
}

}  // namespace zfcheck::testing

// The line kernels/gpu-run.sh looks for ("gpu test skipped: ") to tell a missing device from a pass.
#define ZFCHECK_REQUIRE_DEVICE()                                                     \
  if (std::string reason = ::zfcheck::testing::gpu_unavailable(); !reason.empty()) { \
    std::cout << "gpu test skipped: " << reason << std::endl;                        \
    GTEST_SKIP() << reason;                                                          \
  }
