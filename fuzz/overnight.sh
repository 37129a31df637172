#!/usr/bin/env bash
# Overnight fuzzing: builds the fuzz preset, runs each target in fork mode with the dictionary, merges
# new inputs into a persistent working corpus (so a second run resumes), minimises every crash into
# fuzz/artifacts/<target>/, survives Ctrl-C, and ends with a summary per target.
#
# Usage: fuzz/overnight.sh [--hours H] [--jobs J] [TARGET...]   (default: 8 hours, nproc jobs, every target
# the build defines: build/fuzz/fuzz/targets.txt)
set -uo pipefail
cd "$(dirname "$0")/.."
hours=8
jobs=$(nproc)
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --hours) hours=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
    -*) echo "overnight.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
cmake --preset fuzz >/dev/null && cmake --build --preset fuzz -j"$jobs" >/dev/null || { echo "overnight.sh: the fuzz build failed" >&2; exit 2; }
# Every target the build defines (its one list), or those named.
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < build/fuzz/fuzz/targets.txt
[ ${#targets[@]} -gt 0 ] || { echo "overnight.sh: build/fuzz/fuzz/targets.txt lists no target" >&2; exit 2; }
for target in "${targets[@]}"; do
  grep -qx "$target" build/fuzz/fuzz/targets.txt || { echo "overnight.sh: no target $target" >&2; exit 2; }
  [ -f "fuzz/$target.options" ] || { echo "overnight.sh: $target has no fuzz/$target.options (its dictionary)" >&2; exit 2; }
done

interrupted=0
trap 'interrupted=1' INT TERM
seconds=$(awk "BEGIN{printf \"%d\", $hours * 3600 / ${#targets[@]}}")
[ "$seconds" -ge 1 ] || seconds=1
summary=()
for target in "${targets[@]}"; do
  [ $interrupted -eq 0 ] || break
  binary=build/fuzz/fuzz/$target
  work=fuzz/work/$target
  artifacts=fuzz/artifacts/$target
  mkdir -p "$work/corpus" "$artifacts"
  before=$(find "$work/corpus" -type f | wc -l)
  log=$work/run-$(date +%Y%m%d-%H%M%S).log
  echo "== $target: $seconds s, $jobs jobs, log $log"
  # The working corpus comes first: libFuzzer writes new inputs there; the seeds are read only.
  dict=fuzz/$(sed -nE "s/^dict = (.*)/\1/p" "fuzz/$target.options")
  "$binary" -fork="$jobs" -max_total_time="$seconds" -dict="$dict" -ignore_crashes=1 \
    -artifact_prefix="$artifacts/" -print_final_stats=1 "$work/corpus" "corpus/fuzz/$target" >"$log" 2>&1 &
  pid=$!
  while kill -0 $pid 2>/dev/null; do
    if [ $interrupted -eq 1 ]; then kill -INT $pid 2>/dev/null; fi
    sleep 1
  done
  wait $pid 2>/dev/null
  "$binary" -merge=1 "$work/corpus" "$work/corpus" >>"$log" 2>&1
  after=$(find "$work/corpus" -type f | wc -l)
  # Fork mode reports "#EXECS: cov: C ft: F corp: N exec/s R ..." lines; the first and last tell the growth.
  stats=$(grep -E '^#[0-9]+: cov: ' "$log")
  first=$(echo "$stats" | head -1 | sed -nE 's/.* cov: ([0-9]+).*/\1/p')
  last=$(echo "$stats" | tail -1 | sed -nE 's/.* cov: ([0-9]+).*/\1/p')
  execs=$(echo "$stats" | tail -1 | sed -nE 's/^#([0-9]+):.*/\1/p')
  rate=$(echo "$stats" | tail -1 | sed -nE 's/.* exec\/s ([0-9]+).*/\1/p')
  line="$target: ${execs:-0} executions, ${rate:-?} exec/s, corpus $before -> $after files, coverage $first -> $last"
  crashes=$(find "$artifacts" -maxdepth 1 -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | sort)
  for crash in $crashes; do
    minimized=$artifacts/minimized-$(basename "$crash")
    [ -f "$minimized" ] || "$binary" -minimize_crash=1 -runs=100000 -exact_artifact_path="$minimized" "$crash" >>"$log" 2>&1
    [ -f "$minimized" ] || minimized=$crash
    line+=$'\n'"  crash: $minimized"$'\n'"    replay: build/fuzz/fuzz/$target $minimized   (or build/default/fuzz/${target}_replay $minimized)"
    line+=$'\n'"    keep it: zfcheck corpus add --title '...' --source '...' --from-fuzz $minimized"
  done
  summary+=("$line")
done

echo
echo "== summary"
for line in "${summary[@]}"; do echo "$line"; done
[ $interrupted -eq 0 ] || echo "(interrupted: run again to resume from fuzz/work/)"
