#!/usr/bin/env bash
# Runs `zfcheck review` for a DeepSpeed pull request and writes the markdown comment (the CI job's step).
# Usage: review_pr.sh ZFCHECK DEEPSPEED_REPO BASE_REV HEAD_REV OUTPUT_FILE [PYTHON [REVIEW_OPTION...]]
# (further options go to zfcheck review as they are, e.g. --grid-blocks coercion or --jobs 4)
# Exit status: review's (0 it passes, 1 the head introduces a finding or a changed code line ran in no case,
# 2 failure); OUTPUT_FILE is written
# in every case, with the failure's message when review could not run.
set -uo pipefail
if [ $# -lt 5 ]; then
  echo "usage: $0 ZFCHECK DEEPSPEED_REPO BASE_REV HEAD_REV OUTPUT_FILE [PYTHON [REVIEW_OPTION...]]" >&2
  exit 2
fi
zfcheck=$1 repo=$2 base=$3 head=$4 output=$5 python=${6:-python3}
shift $(($# < 6 ? 5 : 6))
errors=$(mktemp)
trap 'rm -f "$errors"' EXIT
"$zfcheck" review --upstream "$repo" --base "$base" --head "$head" --format markdown --python "$python" "$@" \
  > "$output" 2> "$errors"
status=$?
if [ "$status" -ge 2 ]; then
  { echo "# ZenFlow review: zfcheck could not run"; echo; echo '```'; cat "$errors"; echo '```'; } > "$output"
fi
{ echo; echo "<sub>zfcheck review $base -> $head, exit status $status</sub>"; } >> "$output"
exit "$status"
