#!/usr/bin/env bash
# Benchmark: `zfcheck eval` throughput on N generated cases (single thread), and the real Python code
# (the upstream runner) on a slice of the same cases when DEEPSPEED_SRC names a DeepSpeed clone.
# Usage: harness/bench/eval_vs_upstream.sh [ZFCHECK] [N] [PYTHON_SLICE]   (defaults: build/default/harness/cli/zfcheck 1000000 100000)
set -euo pipefail
zfcheck=${1:-build/default/harness/cli/zfcheck}
n=${2:-1000000}
slice=${3:-100000}
profile=deepspeed-8274
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$zfcheck" generate --count "$n" --seed 42 > "$work/cases.jsonl"
TIMEFORMAT=%R
# Best of three runs: the machine may be shared.
best=
for _ in 1 2 3; do
  t=$( { time "$zfcheck" eval --profile "$profile" "$work/cases.jsonl" > "$work/model.jsonl"; } 2>&1 )
  if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
done
model_rate=$(awk "BEGIN{printf \"%.0f\", $n / $best}")
echo "zfcheck eval: $n cases in ${best}s = $model_rate cases/s (profile $profile, seed 42)"

if [ -z "${DEEPSPEED_SRC:-}" ]; then
  echo "upstream: skipped (set DEEPSPEED_SRC to a DeepSpeed clone with refs/pull/8274/head to compare)"
  exit 0
fi
head -n "$slice" "$work/cases.jsonl" > "$work/slice.jsonl"
runner=$(dirname "$0")/../upstream/zf_upstream.py
t=$( { time python3 "$runner" --deepspeed "$DEEPSPEED_SRC" --rev refs/pull/8274/head < "$work/slice.jsonl" > "$work/upstream.jsonl"; } 2>&1 )
upstream_rate=$(awk "BEGIN{printf \"%.0f\", $slice / $t}")
echo "upstream (Python, pydantic): $slice cases in ${t}s = $upstream_rate cases/s"
echo "ratio: $(awk "BEGIN{printf \"%.1f\", $model_rate / $upstream_rate}")x"
