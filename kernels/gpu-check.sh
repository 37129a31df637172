#!/usr/bin/env bash
# The GPU check of the top-k kernels, for a machine with an NVIDIA GPU (sm_90, e.g. H200); under 6 minutes:
# builds the cuda preset, runs `ctest -L gpu`, then times the kernels and upstream's torch path side by side.
#   kernels/gpu-check.sh             build here (needs nvcc 13 at /usr/local/cuda and the project's packages)
#   kernels/gpu-check.sh --prebuilt  use build/cuda/kernels/tests/kernels_gpu_tests and
#                                    build/cuda/kernels/bench/zfcheck_gpu_bench as they are (built on a
#                                    machine with the toolchain; they need only libstdc++ and the driver)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
start=$SECONDS
work=$(mktemp -d)
if [[ "${1:-}" == "--prebuilt" ]]; then
  echo "== kernels_gpu_tests (the gpu label's program, run directly)"
  build/cuda/kernels/tests/kernels_gpu_tests | tee "$work/tests.log"
else
  cmake --preset cuda -DZFCHECK_BENCHMARKS=ON > /dev/null
  cmake --build --preset cuda -j"$(nproc)" --target kernels_gpu_tests zfcheck_gpu_bench
  echo "== ctest -L gpu"
  ctest --test-dir build/cuda -L gpu --output-on-failure --no-tests=error | tee "$work/tests.log"
fi
# The gpu tests skip (printing the reason) when they find no device; here a skip is a failure.
if grep -q "SKIPPED\|Skipped\|gpu test skipped" "$work/tests.log"; then
  echo "gpu-check: the gpu tests were skipped: no usable device" >&2
  exit 1
fi
echo "== kernels"
build/cuda/kernels/bench/zfcheck_gpu_bench --layout "$work/layout.json" | tee "$work/kernels.json"
echo "== torch (upstream's per-chunk path) side by side"
python3 kernels/bench/torch_baseline.py --layout "$work/layout.json" --kernels "$work/kernels.json"
echo "gpu-check: done in $((SECONDS - start)) s"
