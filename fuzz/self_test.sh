#!/usr/bin/env bash
# Shows the fuzzers can fail: config_fuzzer, started from its seed corpus, must find a planted defect
# (a mutant of pr-8456 evaluated against pr-8456's recorded findings) within 60 seconds. Prints the time.
# Usage: fuzz/self_test.sh [PLANT]   (default: pr-8456:engine_reads_steps_per_epoch=off, the engine copy
# forgetting a user's steps_per_epoch again; pr-8456:warning_raises=on, the raise Warning restored, works
# too). A plant must change which invariants the profile breaks: pr-8456 with its truth guard off, say,
# behaves exactly as pr-8456 (the validator keeps every falsy steps_per_epoch out), so no fuzzer can see it.
set -euo pipefail
cd "$(dirname "$0")/.."
plant=${1:-pr-8456:engine_reads_steps_per_epoch=off}
cmake --preset fuzz >/dev/null && cmake --build --preset fuzz -j"$(nproc)" --target config_fuzzer >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp corpus/fuzz/config_fuzzer/* "$work/"
# Seeds that already show the defect would make this trivial: keep only those the unmutated profile's
# own findings explain, by replaying each seed under the plant first and dropping the ones that fail.
for seed in "$work"/*; do
  if ! ZFCHECK_FUZZ_PLANT="$plant" build/fuzz/fuzz/config_fuzzer "$seed" >/dev/null 2>&1; then rm "$seed"; fi
done
echo "planted: $plant; $(ls "$work" | wc -l) seeds that do not show it"
start=$(date +%s.%N)
if ZFCHECK_FUZZ_PLANT="$plant" build/fuzz/fuzz/config_fuzzer "$work" -dict=fuzz/zenflow.dict -max_total_time=60 \
     -artifact_prefix="$work/" >"$work/log" 2>&1; then
  echo "self-test FAILED: config_fuzzer did not find the planted defect in 60 s"
  exit 1
fi
elapsed=$(awk "BEGIN{printf \"%.1f\", $(date +%s.%N) - $start}")
grep -m1 "zfcheck fuzz:" "$work/log"
echo "self-test passed: the planted defect was found in ${elapsed} s"
