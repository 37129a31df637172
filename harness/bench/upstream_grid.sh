#!/usr/bin/env bash
# Benchmark: the whole sweep grid (zfcheck grid, 344,147 cases) through upstream's own code with
# `zfcheck eval --upstream`, cold (an empty cache) and again from the cache, best of RUNS each.
# Usage: DEEPSPEED_SRC=PATH harness/bench/upstream_grid.sh [ZFCHECK] [REV] [RUNS]
#        (defaults: build/default/harness/cli/zfcheck edaa72212 1; --jobs is the number of cores)
set -euo pipefail
zfcheck=${1:-build/default/harness/cli/zfcheck}
rev=${2:-edaa72212}
runs=${3:-1}
if [ -z "${DEEPSPEED_SRC:-}" ]; then
  echo "skipped: set DEEPSPEED_SRC to a DeepSpeed clone or mirror"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$zfcheck" grid > "$work/grid.jsonl"
cases=$(wc -l < "$work/grid.jsonl")
TIMEFORMAT=%R
best() {  # best wall time of $runs runs of "$@"
  local best= t
  for _ in $(seq "$runs"); do
    [ "$1" = cold ] && rm -rf "$work/cache"
    t=$( { time "$zfcheck" eval --upstream "$DEEPSPEED_SRC@$rev" --cache-dir "$work/cache" "$work/grid.jsonl" \
           > "$work/out.jsonl"; } 2>&1 )
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
  done
  echo "$best"
}
cold=$(best cold)
cached=$(best cached)
echo "grid through upstream@$rev on $(nproc) cores: $cases cases"
echo "  cold:   ${cold}s ($(awk "BEGIN{printf \"%.0f\", $cases / $cold}") cases/s)"
echo "  cached: ${cached}s ($(awk "BEGIN{printf \"%.0f\", $cases / $cached}") cases/s)"
echo "  cache:  $(du -sh "$work/cache" | cut -f1) in $(find "$work/cache" -type f | wc -l) files"
