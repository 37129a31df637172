#!/usr/bin/env bash
# ctest: the compiler launcher cmake/ZfcheckCcache.cmake chooses, in each case its comment names.
#
#   cmake/tests/ccache_launcher_test.sh SOURCE_DIR
#
# Configures SOURCE_DIR (tests, benchmarks and CUDA off, so each configure takes seconds) into scratch
# folders and reads the launcher from the configure's status line and from the C++ compile rule: ccache where it is
# installed and usable; nothing where ccache is missing from PATH, where its cache folder cannot be written,
# or where -DZFCHECK_CCACHE=OFF; the given one where -DCMAKE_CXX_COMPILER_LAUNCHER (even empty) or the
# environment variable of that name gives one. Exit status: 0 passed, 1 failed, 2 bad usage, 77 no ccache.
set -uo pipefail
[[ $# -eq 1 && -f $1/cmake/ZfcheckCcache.cmake ]] || { echo "usage: ccache_launcher_test.sh SOURCE_DIR" >&2; exit 2; }
source_dir=$(cd "$1" && pwd)
ccache=$(command -v ccache) || { echo "ccache_launcher_test: skipped: ccache is not installed"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0

# expect NAME WANTED [ENV=VALUE...] -- [CMAKE ARGS...]: configures with that environment and those
# arguments; WANTED is the launcher the status line names and the compile rule starts with ("ccache" stands
# for the project's ccache launcher, "none" for the compiler alone).
expect() {
  local name=$1 wanted=$2
  shift 2
  local envs=()
  while [[ $1 != -- ]]; do envs+=("$1"); shift; done
  shift
  local build=$work/$name
  if ! env "${envs[@]}" cmake -S "$source_dir" -B "$build" -G Ninja -DZFCHECK_TESTS=OFF -DZFCHECK_BENCHMARKS=OFF \
      -DZFCHECK_CUDA=OFF "$@" >"$build.log" 2>&1; then
    echo "FAILED $name: the configure failed"; tail -5 "$build.log"; failed=1; return
  fi
  local got
  got=$(sed -n 's/^-- zfcheck: compiler launcher: //p' "$build.log")
  [[ $wanted == ccache ]] && wanted="env CCACHE_BASEDIR=$source_dir CCACHE_SLOPPINESS=pch_defines,time_macros CCACHE_DEPEND=1 $ccache"
  if [[ $got != "$wanted" ]]; then
    echo "FAILED $name: launcher '$got', wanted '$wanted'"; failed=1; return
  fi
  # The rule that compiles C++: the launcher comes first on its command line, or the compiler itself.
  local command
  command=$(grep -m1 -A4 '^rule CXX_COMPILER' "$build/CMakeFiles/rules.ninja" | sed -n 's/^ *command = //p')
  local compiler
  compiler=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")
  local prefix="$wanted "
  [[ $wanted == none ]] && prefix="$compiler "
  if [[ $command != "$prefix"* ]]; then
    echo "FAILED $name: the compile rule runs '${command:0:120}', wanted it to start with '$prefix'"; failed=1; return
  fi
  echo "ok $name: $got"
}

no_ccache_path=$work/bin
mkdir -p "$no_ccache_path"
for tool in cmake ninja g++ gcc c++ cc ld as env sed grep; do
  found=$(command -v "$tool") && ln -s "$found" "$no_ccache_path/$tool"
done

expect installed ccache --
expect not_installed none "PATH=$no_ccache_path" --
expect unwritable_cache none CCACHE_DIR=/proc/zfcheck-no-such-folder --
grep -q "cannot compile here" "$work/unwritable_cache.log" || { echo "FAILED unwritable_cache: no line says why"; failed=1; }
expect turned_off none -- -DZFCHECK_CCACHE=OFF
expect given_empty none -- -DCMAKE_CXX_COMPILER_LAUNCHER=
expect given_in_environment /usr/bin/env CMAKE_CXX_COMPILER_LAUNCHER=/usr/bin/env --
exit $failed
