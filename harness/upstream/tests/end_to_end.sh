#!/usr/bin/env bash
# ctest: the model against the real DeepSpeed code in $DEEPSPEED_SRC (a clone of deepspeedai/DeepSpeed
# with refs/pull/8274/head fetched), on the sweep grid, the overlap_comm cases beside this script and
# generated cases for both upstream profiles; skipped without it.
set -u
zfcheck=$1
cases=${ZFCHECK_E2E_CASES:-20000}
if [ -z "${DEEPSPEED_SRC:-}" ]; then
  echo "SKIPPED: set DEEPSPEED_SRC to a clone of deepspeedai/DeepSpeed (with refs/pull/8274/head fetched) to run upstream's code"
  exit 77
fi
status=0
for profile in deepspeed-edaa722 deepspeed-8274; do
  "$zfcheck" conformance --deepspeed "$DEEPSPEED_SRC" --profile "$profile" --sweep || status=1
  "$zfcheck" conformance --deepspeed "$DEEPSPEED_SRC" --profile "$profile" \
    --cases "$(dirname "$0")/overlap_comm_cases.jsonl" || status=1
  for seed in 1 2; do
    "$zfcheck" conformance --deepspeed "$DEEPSPEED_SRC" --profile "$profile" --generated "$cases" --seed "$seed" \
      || status=1
  done
done
exit $status
