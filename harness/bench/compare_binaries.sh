#!/usr/bin/env bash
# Shows two zfcheck binaries model the same: compare_binaries.sh OLD NEW [CORPUS_DIR].
# For every built-in profile, the sweep grid's eval output (`zfcheck grid | zfcheck eval --profile P`),
# then `zfcheck replay CORPUS_DIR` (default corpus/reviewed), `zfcheck sweep --all-profiles --json` and
# `zfcheck diff --json` from each profile to the next:
# prints one line per output (sha256 of OLD's, of NEW's, same/DIFFERENT) and exits 1 on any difference.
# The grid itself is OLD's, so NEW is judged on exactly the cases OLD evaluates.
set -u
if [ $# -lt 2 ]; then
  echo "usage: $0 OLD_ZFCHECK NEW_ZFCHECK [CORPUS_DIR]" >&2
  exit 2
fi
old=$1
new=$2
corpus=${3:-$(dirname "$0")/../../corpus/reviewed}
for bin in "$old" "$new"; do
  [ -x "$bin" ] || { echo "$0: $bin is not an executable" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$old" grid >"$work/grid" || { echo "$0: $old grid failed" >&2; exit 2; }
"$new" grid >"$work/grid.new" || { echo "$0: $new grid failed" >&2; exit 2; }
echo "grid: $(wc -l <"$work/grid") cases"

status=0
# compare NAME COMMAND...: runs COMMAND with BIN set to each binary, compares the sha256 of the outputs.
compare() {
  local name=$1
  shift
  local sums=()
  for bin in "$old" "$new"; do
    BIN=$bin "$@" >"$work/out" 2>/dev/null
    echo "exit status $?" >>"$work/out"
    sums+=("$(sha256sum <"$work/out" | cut -c1-64)")
  done
  local verdict=same
  [ "${sums[0]}" = "${sums[1]}" ] || { verdict=DIFFERENT; status=1; }
  printf '%-36s %s %s %s\n' "$name" "${sums[0]}" "${sums[1]}" "$verdict"
}
eval_grid() { "$BIN" eval --profile "$1" <"$work/grid"; }
replay() { "$BIN" replay "$corpus"; }
sweep_all() { "$BIN" sweep --all-profiles --json; }
diff_json() { "$BIN" diff --from "$1" --to "$2" --json; }

grid_old=$(sha256sum <"$work/grid" | cut -c1-64)
grid_new=$(sha256sum <"$work/grid.new" | cut -c1-64)
verdict=same
[ "$grid_old" = "$grid_new" ] || { verdict=DIFFERENT; status=1; }
printf '%-36s %s %s %s\n' "grid" "$grid_old" "$grid_new" "$verdict"
profiles=(deepspeed-edaa722 deepspeed-8274 pr-8456-4ffc94ea pr-8456)
for profile in "${profiles[@]}"; do
  compare "eval --profile $profile" eval_grid "$profile"
done
compare "replay $(basename "$corpus")" replay
compare "sweep --all-profiles --json" sweep_all
for i in 1 2 3; do
  compare "diff ${profiles[i - 1]} ${profiles[i]} --json" diff_json "${profiles[i - 1]}" "${profiles[i]}"
done
exit $status
