#!/usr/bin/env bash
# Runs .clusterfuzzlite/build.sh locally with clang-14 as the engine (as OSS-Fuzz would call it), then
# runs every built target for a few seconds on its seed corpus. Exit 0 when all built and ran clean.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$out" "$work"' EXIT
export CC=clang-14 CXX=clang++-14 OUT=$out WORK=$work SRC=$root
export CFLAGS="-fsanitize=address,undefined,fuzzer-no-link" CXXFLAGS="-fsanitize=address,undefined,fuzzer-no-link"
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer,address,undefined"
"$root/.clusterfuzzlite/build.sh" >"$work/build.log" 2>&1 || { tail -30 "$work/build.log"; exit 1; }
for options in "$out"/*.options; do
  target=$(basename "$options" .options)
  mkdir -p "$work/corpus/$target"
  (cd "$work/corpus/$target" && cmake -E tar xf "$out/${target}_seed_corpus.zip")
  echo "== $target"
  dict=$out/$(sed -nE "s/^dict = (.*)/\1/p" "$options")
  "$out/$target" -dict="$dict" -max_total_time=5 "$work/corpus/$target" 2>&1 | grep -E '^Done|ERROR' 
done
echo "clusterfuzzlite build: OK ($(ls "$out"/*.options | wc -l) targets)"
