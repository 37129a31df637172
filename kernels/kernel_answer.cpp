// The CPU backend of run_kernel: the CPU build's scoring and ranking, one after the other.
#include "kernels/kernel_answer.hpp"

#include "kernels/cpu/column_select_cpu.hpp"

namespace zfcheck::kernels {

tl::expected<KernelOutput, Error> run_kernel_cpu(const SelectionProblem& problem) {
  return run_kernel(problem,
                    [](auto bucket, const SelectionWork& work, auto scores,
                       std::span<std::int32_t> indices) -> std::string {
                      using T = typename decltype(scores)::element_type;
                      if (!cpu::column_scores<T>(bucket, work.runs, scores))
                        return "scoring work does not fit its buffers";
                      if (!cpu::segmented_topk<T>(std::span<const T>(scores.data(), scores.size()),
                                                  work.rankings, work.order, indices)) {
                        return "ranking work does not fit its buffers";
                      }
                      return "";
                    });
}

}  // namespace zfcheck::kernels
