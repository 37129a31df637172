#!/usr/bin/env bash
# Shows the fuzzers can fail: config_fuzzer, started from its seed corpus, must find a planted defect
# (a mutant of pr-8456 evaluated against pr-8456's recorded findings) within 60 seconds. Prints the time.
# Usage: fuzz/self_test.sh [PLANT]   (default: pr-8456:engine_reads_steps_per_epoch=off, the engine copy
# forgetting a user's steps_per_epoch again; pr-8456:warning_raises=on, the raise Warning restored, works
# too). A plant must change which invariants the profile breaks: pr-8456 with its truth guard off, say,
# behaves exactly as pr-8456 (the validator keeps every falsy steps_per_epoch out), so no fuzzer can see it.
# Passes only on the finding the plant causes ("new finding: INVARIANT under PLANT"): any other abort (a
# plant that is not a profile spec, a crash) fails. Works in a temporary directory: the seeds are copied
# into its corpus/, the log and any crash file stay beside it, and nothing is written under corpus/.
set -euo pipefail
cd "$(dirname "$0")/.."
plant=${1:-pr-8456:engine_reads_steps_per_epoch=off}
cmake --preset fuzz >/dev/null && cmake --build --preset fuzz -j"$(nproc)" --target config_fuzzer >/dev/null
fuzzer=build/fuzz/fuzz/config_fuzzer
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/corpus" "$work/artifacts"
cp corpus/fuzz/config_fuzzer/* "$work/corpus/"
# Seeds that already show the defect would make this trivial: keep only those the unmutated profile's
# own findings explain, by replaying each seed under the plant first and dropping the ones that fail.
for seed in "$work"/corpus/*; do
  if ! ZFCHECK_FUZZ_PLANT="$plant" "$fuzzer" "$seed" >/dev/null 2>&1; then rm "$seed"; fi
done
kept=$(find "$work/corpus" -type f | wc -l)
if [ "$kept" -eq 0 ]; then
  echo "self-test FAILED: every seed aborts under '$plant'; is it a profile spec that changes pr-8456's findings?"
  ZFCHECK_FUZZ_PLANT="$plant" "$fuzzer" corpus/fuzz/config_fuzzer/seed-01.jsonl 2>&1 | grep -m1 "^zfcheck fuzz:" || true
  exit 1
fi
echo "planted: $plant; $kept seeds that do not show it"
start=$(date +%s.%N)
status=0
ZFCHECK_FUZZ_PLANT="$plant" "$fuzzer" "$work/corpus" -dict=fuzz/zenflow.dict -max_total_time=60 \
  -artifact_prefix="$work/artifacts/" >"$work/log" 2>&1 || status=$?
elapsed=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N) - $start}")
if [ "$status" -eq 0 ]; then
  echo "self-test FAILED: config_fuzzer did not find the planted defect in 60 s"
  exit 1
fi
# The line fuzz_check.hpp prints for the plant's own finding: "zfcheck fuzz: new finding: NAME under PLANT".
found=$(awk -v tail=" under $plant" 'index($0, "zfcheck fuzz: new finding: ") == 1 &&
  substr($0, length($0) - length(tail) + 1) == tail { print; exit }' "$work/log")
if [ -z "$found" ]; then
  echo "self-test FAILED: config_fuzzer stopped (exit status $status) without finding the planted defect:"
  grep -m1 "^zfcheck fuzz:" "$work/log" || tail -5 "$work/log"
  exit 1
fi
echo "$found"
echo "self-test passed: the planted defect was found in ${elapsed} s"
