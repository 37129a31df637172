#!/usr/bin/env bash
# Measures the build's figures (docs/design.md#build-time): build_time.sh [REPO] [JOBS].
# Clones REPO's HEAD (default: this checkout) twice into a scratch folder, with a ccache folder of its own
# that starts empty (yours is not touched), and prints, in seconds:
#   main_cold     configure and build of the zfcheck command alone (what ./run.sh builds) in a clone of its
#                 own, with a cache of its own that starts empty
#   cold          configure and build of the first clone (an empty cache)
#   second_clone  the same in a second clone, after the first is moved away (paths must not matter)
#   one_file      the second clone rebuilt after a comment is added to reference/py_json.cpp
#   run_sh        ./run.sh, the main job, in the built second clone (set-up check, no-op build, the table)
# Each build is `cmake --preset default` then `cmake --build --preset default -jJOBS` (default 2).
# Needs the project's packages (./run.sh installs them). Takes as long as two builds and the main job's.
set -euo pipefail
repo=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
jobs=${2:-2}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export CCACHE_DIR=$work/ccache

now() { date +%s.%N; }
seconds() { printf '%.1f' "$(echo "$2 - $1" | bc)"; }
# build DIR: configures and builds the clone in DIR; its output goes to DIR.log.
build() {
  (cd "$1" && cmake --preset default && cmake --build --preset default -j"$jobs") >"$1.log" 2>&1 ||
    { echo "build_time.sh: the build in $1 failed; its log:" >&2; tail -20 "$1.log" >&2; exit 1; }
}

git clone -q "$repo" "$work/main"
echo "build_time.sh: $(git -C "$repo" rev-parse --short HEAD), $jobs jobs, $(nproc) cores; the main job's cold build..." >&2
tm0=$(now)
(cd "$work/main" && export CCACHE_DIR=$work/ccache-main && cmake --preset default &&
  cmake --build --preset default -j"$jobs" --target zfcheck) >"$work/main.log" 2>&1 ||
  { echo "build_time.sh: the main job's build failed; its log:" >&2; tail -20 "$work/main.log" >&2; exit 1; }
tm1=$(now)
rm -rf "$work/main" "$work/ccache-main"
git clone -q "$repo" "$work/first"
git clone -q "$repo" "$work/second"
echo "build_time.sh: cold build..." >&2
t0=$(now); build "$work/first"; t1=$(now)
mv "$work/first" "$work/first.moved"
echo "build_time.sh: second clone..." >&2
build "$work/second"; t2=$(now)
echo "// build_time.sh" >>"$work/second/reference/py_json.cpp"
echo "build_time.sh: one-file change..." >&2
t3=$(now); build "$work/second"; t4=$(now)
(cd "$work/second" && ./run.sh >/dev/null 2>&1) || { echo "build_time.sh: ./run.sh failed" >&2; exit 1; }
t5=$(now)
echo "main_cold $(seconds "$tm0" "$tm1")"
echo "cold $(seconds "$t0" "$t1")"
echo "second_clone $(seconds "$t1" "$t2")"
echo "one_file $(seconds "$t3" "$t4")"
echo "run_sh $(seconds "$t4" "$t5")"
ccache --show-stats | sed -n 's/^ *\(Hits\|Misses\): */ccache_\1 /p' >&2
