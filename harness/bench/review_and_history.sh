#!/usr/bin/env bash
# Benchmark (issue 43's targets): `zfcheck history` of every ZenFlow commit from SINCE to UNTIL from an empty
# cache, and `zfcheck review` of BASE -> HEAD cold and repeated, each with the number of cases each revision
# re-evaluated (the answers kept in the cache are reused where nothing a case ran changed).
# Usage: DEEPSPEED_SRC=PATH harness/bench/review_and_history.sh [ZFCHECK] [SINCE] [UNTIL] [BASE] [HEAD]
#        (defaults: build/default/harness/cli/zfcheck 1d7b90adc edaa72212 edaa72212 refs/pull/8274/head;
#        --jobs is the number of cores; history and review with their top-k part on /usr/bin/python3's torch,
#        where it has one: its answers are reused where the selection key is the same)
set -euo pipefail
zfcheck=${1:-build/default/harness/cli/zfcheck}
since=${2:-1d7b90adc}
until=${3:-edaa72212}
base=${4:-edaa72212}
head=${5:-refs/pull/8274/head}
if [ -z "${DEEPSPEED_SRC:-}" ]; then
  echo "skipped: set DEEPSPEED_SRC to a DeepSpeed clone or mirror"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
TIMEFORMAT=%R
timed() {  # wall seconds of "$@", its output in $work/out, its standard error in $work/err
  { time "$@" > "$work/out" 2> "$work/err"; } 2>&1 || true
}
echo "on $(nproc) cores:"
t=$(timed "$zfcheck" history --upstream "$DEEPSPEED_SRC" --since "$since" --until "$until" \
  --topk-python /usr/bin/python3 --cache-dir "$work/history")
echo "history $since..$until, empty cache: ${t}s, $(grep -c '^[0-9a-f]\{9\} ' "$work/out") commits"
awk 'length($1) == 9 && $1 ~ /^[0-9a-f]+$/ { sha = $1 }
  /^    (top-k )?answers: / { sub(/^    /, ""); print "  " sha ": " $0 }' "$work/out"
for run in cold repeated; do
  t=$(timed "$zfcheck" review --upstream "$DEEPSPEED_SRC" --base "$base" --head "$head" \
    --topk-python /usr/bin/python3 --cache-dir "$work/review")
  echo "review $base -> $head, $run: ${t}s"
  sed 's/^/  /' "$work/err"
done
echo "cache after the review: $(du -sh "$work/review" | cut -f1); after the history: $(du -sh "$work/history" | cut -f1)"
