// Answers a selection problem with the CUDA kernels (plain C++ header: usable from .cpp tests and tools).
#pragma once

#include "kernels/kernel_answer.hpp"

#include <string>

namespace zfcheck::kernels {

// Empty when a CUDA device can run the kernels; otherwise why not (no driver library, no device, ...).
std::string cuda_device_unavailable();

// run_kernel with the CUDA backend: copies the bucket to the device, DeviceColumnSelect::Select, copies
// scores and indices back. A CUDA failure comes back as an Error of type "KernelError".
tl::expected<KernelOutput, Error> run_kernel_cuda(const SelectionProblem& problem);

}  // namespace zfcheck::kernels
