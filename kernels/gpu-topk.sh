#!/usr/bin/env bash
# DIR/topk of a GPU-check pack: upstream's own top-k selection code on the device against the oracle and the kernels.
set -uo pipefail
usage() {
  cat <<'USAGE'
Usage: DIR/topk [DEVICE]     (DEVICE: a torch device, default cuda; DIR/run calls it with cuda)

Runs the revision's own selection code packed in DIR/deepspeed (zf_topk_upstream.py, under python3's torch,
on DEVICE) on generated top-k problems, then zfcheck_topk_agreement compares its answers with the oracle's
(under the packed profile's selection rules) and judges the kernels against the oracle: the CUDA kernels
where DEVICE is a CUDA device, their CPU build otherwise. DIR/topk.conf holds the revision, the profile, the
problem count and the seed (kernels/gpu-check.sh --pack writes it).
Exit 0: everything agrees; 1: a disagreement (each shown with its shortest problem and replay commands), or
the runner could not run (no torch, an unusable device); 2: the pack is incomplete or its problems unusable.
USAGE
}
case "${1:-}" in
  --help | -h) usage; exit 0 ;;
esac
(($# <= 1)) || { usage >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
device=${1:-cuda}
for needed in topk.conf zfcheck_topk_agreement zf_topk_upstream.py deepspeed; do
  [[ -e "$here/$needed" ]] || { echo "topk: $here/$needed is missing: repack with kernels/gpu-check.sh" >&2; exit 2; }
done
upstream="" profile="" count="" seed=""
# shellcheck source=/dev/null
. "$here/topk.conf"
[[ -n "$profile" && "$count" =~ ^[0-9]+$ && "$seed" =~ ^[0-9]+$ ]] ||
  { echo "topk: $here/topk.conf lacks the profile, count or seed: repack with kernels/gpu-check.sh" >&2; exit 2; }
kernels=cpu
[[ "$device" == cuda* ]] && kernels=cuda
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$here/zfcheck_topk_agreement" generate --count "$count" --seed "$seed" > "$work/problems.jsonl" || exit 2
echo "topk: upstream's selection code ($upstream) on $device: $count generated problems (seed $seed)..." >&2
start=$SECONDS
python3 "$here/zf_topk_upstream.py" --deepspeed "$here/deepspeed" --device "$device" \
  < "$work/problems.jsonl" > "$work/upstream.jsonl"
status=$?
((status == 0)) || { echo "topk: zf_topk_upstream.py failed (exit $status)" >&2; exit 1; }
echo "topk: upstream's code answered in $((SECONDS - start)) s; comparing" >&2
"$here/zfcheck_topk_agreement" compare --profile "$profile" --kernels "$kernels" \
  --problems "$work/problems.jsonl" --upstream "$work/upstream.jsonl" \
  --upstream-replay "python3 $here/zf_topk_upstream.py --deepspeed $here/deepspeed --device $device"
