#!/usr/bin/env bash
# Proves a GPU-check pack on a bare Debian 12 root: its run must fail only for want of a GPU, cleanly.
#
#   kernels/tests/pack_check.sh CHROOT [PACK]      (as root: it uses chroot)
#     CHROOT  a Debian 12 root without the project's packages, the driver or the toolkit (a copy: the
#             check writes CHROOT/repo); e.g. debootstrap --variant=minbase bookworm
#     PACK    a folder from kernels/gpu-check.sh --pack (default: packs one into build/gpu-pack)
#
# Passes when, inside CHROOT, the packed programs need no library the root lacks (ldd) and only glibc's,
# and `build/gpu-pack/run` from the repository root exits 1 with "no usable GPU" and no crash, missing
# library or unexpected error. Exit status: 0 passed, 1 failed, 2 bad usage.
set -euo pipefail
usage() { sed -n '3,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[[ $# -ge 1 && $# -le 2 ]] || usage
root=$(cd "$1" 2>/dev/null && pwd) || { echo "pack_check: no folder $1" >&2; exit 2; }
[[ -x "$root/bin/bash" && -x "$root/usr/bin/ldd" ]] || { echo "pack_check: $root is not a Debian root" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/../.." && pwd)
pack=${2:-$repo/build/gpu-pack}
[[ $# -eq 2 ]] || "$repo/kernels/gpu-check.sh" --pack "$pack"
fail() { echo "pack_check: FAILED: $*" >&2; exit 1; }

rm -rf "$root/repo"
mkdir -p "$root/repo/build"
cp -r "$pack" "$root/repo/build/gpu-pack"
echo "== in $root: what the root lacks"
for package in libstdc++-12-dev libgtest-dev librapidcheck-dev libbenchmark-dev libfmt-dev nlohmann-json3-dev \
  libcli11-dev libboost-dev python3; do
  if chroot "$root" dpkg -s "$package" > /dev/null 2>&1; then echo "  $package: installed"; else echo "  $package: absent"; fi
done
ls "$root"/usr/lib/x86_64-linux-gnu/libcuda.so* > /dev/null 2>&1 && fail "the root has a CUDA driver library"
echo "  libcuda.so.1 (the driver): absent"

echo "== ldd in the root"
libs=$(chroot "$root" /usr/bin/ldd /repo/build/gpu-pack/kernels_gpu_tests /repo/build/gpu-pack/zfcheck_gpu_bench)
echo "$libs"
grep -q "not found" <<< "$libs" && fail "a library is missing"
unexpected=$(grep "=>\|ld-linux" <<< "$libs" | grep -v -E "lib(c|m|dl|rt|pthread)\.so|ld-linux-x86-64" || true)
[[ -z "$unexpected" ]] || fail "needs more than glibc: $unexpected"

echo "== build/gpu-pack/run in the root"
set +e
out=$(chroot "$root" /bin/bash -c 'cd /repo && build/gpu-pack/run' 2>&1)
status=$?
set -e
echo "$out"
echo "== exit status: $status"
grep -q "error while loading shared libraries" <<< "$out" && fail "a shared library is missing"
((status < 126)) || fail "run did not start or crashed (status $status)"
((status == 1)) || fail "run should exit 1 without a GPU, exited $status"
grep -q "^run: no usable GPU on this machine" <<< "$out" || fail "run did not say that the GPU is missing"
echo "pack_check: passed: the pack starts on a bare Debian 12 root and fails only for want of a GPU"
