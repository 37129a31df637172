#!/usr/bin/env bash
# Checks what run.sh builds for each mode: the main job the zfcheck command alone, `test` and `package`
# everything. Runs a copy of run.sh against stand-in dpkg-query, cmake, ctest, cpack and zfcheck that record
# their arguments. Usage: run_sh_targets_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/tree/build/default/harness/cli"
cp "$source_dir/run.sh" "$work/tree/run.sh"
echo 'CMAKE_GENERATOR:INTERNAL=Ninja' > "$work/tree/build/default/CMakeCache.txt"
for tool in cmake ctest cpack; do
  printf '#!/bin/sh\necho "%s $*" >> "%s/calls"\n' "$tool" "$work" > "$work/bin/$tool"
done
printf '#!/bin/sh\necho "install ok installed"\n' > "$work/bin/dpkg-query"
printf '#!/bin/sh\necho "zfcheck $*" >> "%s/calls"\n' "$work" > "$work/tree/build/default/harness/cli/zfcheck"
chmod +x "$work/bin/"* "$work/tree/build/default/harness/cli/zfcheck"

status=0
# expect MODE LINE...: run.sh MODE makes exactly these calls, in order.
expect() {
  local mode=$1
  shift
  rm -f "$work/calls"
  PATH="$work/bin:$PATH" "$work/tree/run.sh" "$mode" > /dev/null 2>&1
  local want
  want=$(printf '%s\n' "$@")
  if [ "$(cat "$work/calls")" != "$want" ]; then
    echo "FAIL: ./run.sh $mode made these calls:"
    cat "$work/calls"
    echo "expected:"
    echo "$want"
    status=1
  fi
}
jobs=$(nproc)
expect main "cmake --preset default" "cmake --build --preset default -j$jobs --target zfcheck" \
  "zfcheck table --all-profiles"
expect test "cmake --preset default" "cmake --build --preset default -j$jobs" "ctest --preset default"
expect package "cmake --preset default" "cmake --build --preset default -j$jobs" \
  "cpack --config build/default/CPackConfig.cmake -B build/default/package"
[ $status -eq 0 ] && echo "run.sh builds the zfcheck command for the main job, everything for test and package"
exit $status
