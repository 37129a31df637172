#!/usr/bin/env bash
# Proves that kernels/gpu-check.sh --pack works from a fresh clone on a machine without ccache: clones this
# checkout's HEAD, hides ccache from PATH, packs, and checks the pack's files.
#
#   kernels/tests/pack_from_clean_clone.sh
#
# Needs nvcc (CUDA 13 at /usr/local/cuda, as the cuda preset does); without it, exits 77 (skipped) saying so.
# Exit status: 0 passed, 1 failed, 77 skipped. Takes minutes (a cold build of the CUDA kernels and tests).
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
if [[ ! -x /usr/local/cuda/bin/nvcc ]] && ! command -v nvcc > /dev/null; then
  echo "SKIPPED: no nvcc (/usr/local/cuda/bin/nvcc): the GPU pack builds the CUDA kernels"
  exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "pack_from_clean_clone: FAILED: $*" >&2; exit 1; }

git clone --quiet --no-checkout "$repo" "$work/clone"
git -C "$work/clone" checkout --quiet "$(git -C "$repo" rev-parse HEAD)"
# PATH as it is, less ccache: each folder that holds a ccache is mirrored without it; ccache's own folder of
# compiler links is dropped.
mkdir -p "$work/path"
path=""
IFS=: read -ra dirs <<< "$PATH"
for dir in "${dirs[@]}"; do
  [[ -d $dir && $dir != */ccache ]] || continue
  if [[ -e $dir/ccache ]]; then
    mirror=$work/path/$(echo "$dir" | tr / _)
    mkdir -p "$mirror"
    for entry in "$dir"/*; do
      [[ $(basename "$entry") == ccache ]] || ln -s "$entry" "$mirror/"
    done
    dir=$mirror
  fi
  path=${path:+$path:}$dir
done
PATH=$path command -v ccache > /dev/null && fail "ccache is still on the PATH"

echo "== kernels/gpu-check.sh --pack from a fresh clone of $(git -C "$repo" rev-parse --short HEAD), without ccache"
env -u CMAKE_CXX_COMPILER_LAUNCHER PATH="$path" ZFCHECK_JOBS="${ZFCHECK_JOBS:-2}" \
  "$work/clone/kernels/gpu-check.sh" --pack "$work/pack" > "$work/pack.log" 2>&1 \
  || { tail -30 "$work/pack.log"; fail "the pack did not build"; }
grep -q "^gpu-check: compiler launcher: none$" "$work/pack.log" || fail "gpu-check.sh used a compiler launcher"
for file in kernels_gpu_tests zfcheck_gpu_bench torch_baseline.py run; do
  [[ -s $work/pack/$file ]] || fail "the pack has no $file"
done
tail -3 "$work/pack.log"
echo "pack_from_clean_clone: passed: a fresh clone packs the GPU check without ccache"
