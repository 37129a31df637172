#!/usr/bin/env bash
# Packs the GPU check of the top-k kernels: builds here, writes a folder a bare GPU machine can run as is.
set -euo pipefail
usage() {
  cat <<'USAGE'
Usage: kernels/gpu-check.sh --pack DIR [--upstream PATH[@REV]] [--profile P] [--count N] [--seed S]
       kernels/gpu-check.sh --help

--pack DIR  Builds the cuda preset here (nvcc 13 at /usr/local/cuda, the project's packages) and writes
            into DIR everything the GPU machine needs, which has the NVIDIA driver, CUDA 13 and PyTorch
            but none of the project's development packages:
              DIR/kernels_gpu_tests   the gpu-label tests (the CUDA kernels against their CPU build and
                                      the oracle, the host API, graph capture)
              DIR/zfcheck_gpu_bench   the kernels' timings, as JSON
              DIR/torch_baseline.py   upstream's torch path on the same work, and the ratios
              DIR/topk                upstream's own selection code on CUDA against the oracle and the
                                      kernels (with --upstream: zf_topk_upstream.py, the revision's files
                                      it reads in DIR/deepspeed, zfcheck_topk_agreement, DIR/topk.conf)
              DIR/run                 runs them and prints the figures
            The programs are linked with the static CUDA runtime (it loads the driver's libcuda.so.1 at
            run time) and static libstdc++/libgcc, and built without unity units and linked --as-needed
            so that no library they never call (ICU, which reference/ uses for text) is needed: they need
            only glibc. The pack is checked for that.
--upstream PATH[@REV]
            A DeepSpeed checkout (at REV, read with git; none: its working tree) whose top-k selection code
            DIR/topk runs; without it the pack has no top-k agreement and DIR/run says so.
--profile P The profile whose selection rules the oracle follows there (default pr-8456).
--count N, --seed S
            The generated problems (default 240, seed 1: those of `zfcheck conformance --topk
            --generated N --seed S`).

The carry-and-run flow: pack into an ignored folder of the repository tree, carry it to the device
machine with the tree, run it there:
    kernels/gpu-check.sh --pack build/gpu-pack      # here; build/ is ignored by git
    build/gpu-pack/run                              # there, from the repository root (under 6 minutes)
DIR/run exits 0 when the tests pass and the figures are printed; 1 when a test fails (named at the end,
after the figures), no GPU or driver is usable (the message says which), or python3/torch is missing for
the side-by-side figures.
kernels/tests/pack_check.sh proves a pack on a bare Debian 12 chroot (it must fail only for want of a GPU).
USAGE
}
pack_dir="" upstream="" profile=pr-8456 count=240 seed=1
while (($#)); do
  case "$1" in
    --help | -h) usage; exit 0 ;;
    --pack | --upstream | --profile | --count | --seed)
      (($# >= 2)) || { usage >&2; exit 2; }
      case "$1" in
        --pack) pack_dir=$2 ;;
        --upstream) upstream=$2 ;;
        --profile) profile=$2 ;;
        --count) count=$2 ;;
        --seed) seed=$2 ;;
      esac
      shift 2 ;;
    *) usage >&2; exit 2 ;;
  esac
done
[[ -n "$pack_dir" ]] || { usage >&2; exit 2; }
[[ "$count" =~ ^[0-9]+$ && "$seed" =~ ^[0-9]+$ ]] || { echo "gpu-check: --count and --seed take integers" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$pack_dir"
pack=$(cd "$pack_dir" && pwd)
cd "$repo"
# The build compiles through ccache where it is installed (cmake/ZfcheckCcache.cmake); the line says which.
cmake --preset cuda -DZFCHECK_BENCHMARKS=ON -DZFCHECK_UNITY_BUILD=OFF | sed -n 's/^-- zfcheck: compiler launcher: /gpu-check: compiler launcher: /p'
cmake --build --preset cuda -j"${ZFCHECK_JOBS:-2}" --target kernels_gpu_tests zfcheck_gpu_bench zfcheck_topk_agreement
cp build/cuda/kernels/tests/kernels_gpu_tests build/cuda/kernels/bench/zfcheck_gpu_bench \
  build/cuda/kernels/agreement/zfcheck_topk_agreement "$pack/"
cp kernels/bench/torch_baseline.py "$pack/"
cp kernels/gpu-run.sh "$pack/run"
cp kernels/gpu-topk.sh "$pack/topk"
chmod +x "$pack/run" "$pack/topk"
rm -rf "$pack/deepspeed" "$pack/topk.conf" "$pack/zf_topk_upstream.py"
if [[ -n "$upstream" ]]; then
  kernels/pack-upstream.sh "$pack" "$upstream" "$profile" "$count" "$seed" || exit 1
fi
# Only glibc's libraries may be needed: anything else would be missing on the device.
for program in kernels_gpu_tests zfcheck_gpu_bench zfcheck_topk_agreement; do
  needed=$(readelf -d "$pack/$program" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
  for lib in $needed; do
    case "$lib" in
      libc.so.6 | libm.so.6 | libdl.so.2 | librt.so.1 | libpthread.so.0 | ld-linux-x86-64.so.2) ;;
      *) echo "gpu-check: $program needs $lib, which the GPU machine lacks" >&2; exit 1 ;;
    esac
  done
  echo "gpu-check: $program needs only: $(echo $needed)"
done
echo "gpu-check: packed into $pack ($(du -sh "$pack" | cut -f1)); run $pack/run on the GPU machine"
