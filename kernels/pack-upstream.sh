#!/usr/bin/env bash
# Writes the top-k agreement's part of a GPU-check pack: upstream's runner, the revision's files it reads, topk.conf.
set -euo pipefail
if (($# != 5)); then
  echo "Usage: kernels/pack-upstream.sh DIR PATH[@REV] PROFILE COUNT SEED   (kernels/gpu-check.sh --pack calls it)" >&2
  exit 2
fi
pack=$1 spec=$2 profile=$3 count=$4 seed=$5
repo=$(cd "$(dirname "$0")/.." && pwd)
runner="$repo/harness/upstream/zf_topk_upstream.py"
# PATH[@REV] as zfcheck --upstream reads it: a directory as given, else split at the last '@'.
path=$spec rev=""
if [[ ! -d "$spec" && "$spec" == *@* ]]; then
  path=${spec%@*} rev=${spec##*@}
fi
[[ -d "$path" ]] || { echo "pack-upstream: --upstream $spec: $path is not a directory" >&2; exit 2; }
if [[ -n "$rev" ]]; then
  label=$(git -C "$path" rev-parse --short "$rev^{commit}" 2> /dev/null) ||
    { echo "pack-upstream: --upstream $spec: $rev is no commit of $path" >&2; exit 2; }
else
  label=""
fi
mkdir -p "$pack/deepspeed"
# The files the runner reads, in its own words; one the revision lacks stays absent (the runner says so).
files=$(python3 "$runner" --list-files)
for file in $files; do
  mkdir -p "$pack/deepspeed/$(dirname "$file")"
  if [[ -n "$rev" ]]; then
    git -C "$path" show "$rev:$file" > "$pack/deepspeed/$file" 2> /dev/null || rm -f "$pack/deepspeed/$file"
  elif [[ -f "$path/$file" ]]; then
    cp "$path/$file" "$pack/deepspeed/$file"
  fi
done
cp "$runner" "$pack/zf_topk_upstream.py"
{
  printf 'upstream=%q\n' "$path${label:+@$label}"
  printf 'profile=%q\n' "$profile"
  printf 'count=%q\n' "$count"
  printf 'seed=%q\n' "$seed"
} > "$pack/topk.conf"
echo "pack-upstream: top-k agreement packed: upstream's code at $path${label:+@$label}, profile $profile, $count problems (seed $seed)"
