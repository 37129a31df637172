#!/usr/bin/env bash
# Checks what run.sh builds for each mode: the main job the zfcheck command alone, `test` and `package`
# everything, `test` with a Python that has pydantic 2 and ending with the fidelity tests' summary. Runs a copy
# of run.sh against stand-in dpkg-query, cmake, ctest, cpack, python3, zfcheck and cmake/pydantic2_python.sh
# that record their arguments. Usage: run_sh_targets_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/tree/build/default/harness/cli" "$work/tree/cmake"
cp "$source_dir/run.sh" "$work/tree/run.sh"
echo 'CMAKE_GENERATOR:INTERNAL=Ninja' > "$work/tree/build/default/CMakeCache.txt"
printf '#!/bin/sh
echo /stub/python
' > "$work/tree/cmake/pydantic2_python.sh"
chmod +x "$work/tree/cmake/pydantic2_python.sh"
for tool in cmake ctest cpack python3; do
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
expect test "cmake --preset default -DZFCHECK_PYDANTIC_PYTHON=/stub/python" "cmake --build --preset default -j$jobs" \
  "ctest --preset default --output-junit test-results.xml" "ctest --preset default --show-only=json-v1" \
  "python3 cmake/fidelity_summary.py build/default/tests.json build/default/test-results.xml"
expect package "cmake --preset default" "cmake --build --preset default -j$jobs" \
  "cpack --config build/default/CPackConfig.cmake -B build/default/package"
# No pydantic 2 to be had: python3's own (the fidelity tests skip, saying why), and the last line says why.
printf '#!/bin/sh\necho "progress" >&2\necho "python3 has no pydantic 2, and pip could not install it" >&2\nexit 1\n' \
  > "$work/tree/cmake/pydantic2_python.sh"
expect test "cmake --preset default -DZFCHECK_PYDANTIC_PYTHON=$work/bin/python3" "cmake --build --preset default -j$jobs" \
  "ctest --preset default --output-junit test-results.xml" "ctest --preset default --show-only=json-v1" \
  "python3 cmake/fidelity_summary.py build/default/tests.json build/default/test-results.xml"
last=$(PATH="$work/bin:$PATH" "$work/tree/run.sh" test 2>/dev/null | tail -1)
if [ "$last" != "  no Python with pydantic 2 for them: python3 has no pydantic 2, and pip could not install it" ]; then
  echo "FAIL: ./run.sh test's last line: $last"
  status=1
fi
[ $status -eq 0 ] && echo "run.sh builds the zfcheck command for the main job, everything for test and package"
exit $status
