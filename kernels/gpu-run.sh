#!/usr/bin/env bash
# DIR/run of a GPU-check pack (kernels/gpu-check.sh --pack): the gpu tests, the benchmark, torch side by side, top-k.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
start=$SECONDS
fail() {
  echo "run: $*" >&2
  exit 1
}

echo "== gpu tests"
"$here/kernels_gpu_tests" > "$work/tests.log" 2>&1
status=$?
cat "$work/tests.log"
((status < 128)) || fail "the gpu tests crashed (signal $((status - 128)))"
# Without a usable device each test prints why and is skipped: here that is a failure.
if reason=$(grep -m1 -o "gpu test skipped: .*" "$work/tests.log"); then
  fail "no usable GPU on this machine (${reason#gpu test skipped: }); run this pack on the GPU machine"
fi
# A failed test does not stop the figures: it is named now and makes the run exit 1 at the end.
failed=""
if ((status != 0)); then
  failed=$(grep -o '^\[  FAILED  \] [A-Za-z0-9_./]*' "$work/tests.log" | sed 's/^\[  FAILED  \] //' | sort -u | tr '\n' ' ' | sed 's/ $//')
  failed=${failed:-the gpu tests (exit $status)}
  echo "run: the gpu tests failed: $failed; the figures follow" >&2
fi

echo "== kernels (zfcheck_gpu_bench)"
"$here/zfcheck_gpu_bench" --layout "$work/layout.json" > "$work/kernels.json" || fail "zfcheck_gpu_bench failed"
cat "$work/kernels.json"

echo "== torch (upstream's per-chunk path) side by side"
command -v python3 > /dev/null || fail "python3 not found: no torch figures"
python3 "$here/torch_baseline.py" --layout "$work/layout.json" --kernels "$work/kernels.json" ||
  fail "the torch side failed (torch missing or no device for it)"

echo "== top-k: upstream's selection code on CUDA against the oracle and the kernels"
if [[ -d "$here/deepspeed" ]]; then
  "$here/topk" cuda || failed="${failed:+$failed, }the top-k agreement (exit $?)"
else
  echo "run: this pack holds no upstream revision (kernels/gpu-check.sh --pack DIR --upstream PATH@REV): not run"
fi
[[ -z "$failed" ]] || fail "done in $((SECONDS - start)) s, but these failed: $failed"
echo "run: done in $((SECONDS - start)) s"
