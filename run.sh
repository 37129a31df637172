#!/usr/bin/env bash
# Sets zfcheck up on Debian 12 and runs it: `./run.sh` builds the zfcheck command and prints the PR #8456
# resolution table for every profile (the main job); `./run.sh test` builds everything and runs the whole
# test suite, then says how many fidelity tests (zfcheck held to upstream's own code) ran and why any were
# skipped; `./run.sh package` writes the Debian package (build/default/package/zfcheck_<version>_<arch>.deb).
# Installs only what is missing.
set -euo pipefail
cd "$(dirname "$0")"
mode=${1:-main}
case "$mode" in
  main | test | package) ;;
  *) echo "usage: ./run.sh [main|test|package]" >&2; exit 2 ;;
esac

packages=(
  build-essential cmake ninja-build ccache git file python3 python3-yaml python3-torch
  libboost-dev libexpected-dev nlohmann-json3-dev libcli11-dev libfmt-dev libicu-dev libxxhash-dev
  libgtest-dev libgmock-dev librapidcheck-dev libbenchmark-dev
  clang-14 libclang-rt-14-dev
)
# The fidelity tests need pydantic 2; where python3 lacks it, a virtual environment gets it from the package index.
[ "$mode" = test ] && packages+=(python3-venv)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "run.sh: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

jobs=$(nproc)
# A build tree made before the presets chose Ninja cannot change generator in place: it is made afresh.
cache=build/default/CMakeCache.txt
if [ -f "$cache" ] && ! grep -qx 'CMAKE_GENERATOR:INTERNAL=Ninja' "$cache"; then
  echo "run.sh: build/default was made with another generator than Ninja; building it afresh" >&2
  rm -rf build/default
fi
configure=()
fidelity_python_note=""
if [ "$mode" = test ]; then
  mkdir -p build
  # Its messages are shown as they come and kept, so that the last lines can repeat why none was had.
  if python=$({ cmake/pydantic2_python.sh build/pydantic2-venv 2>&1 1>&3 | tee build/pydantic2-python.log >&2; } 3>&1); then
    configure+=(-DZFCHECK_PYDANTIC_PYTHON="$python")
  else  # python3's own: the fidelity tests skip, saying why
    configure+=(-DZFCHECK_PYDANTIC_PYTHON="$(command -v python3)")
    fidelity_python_note=$(tail -1 build/pydantic2-python.log)
  fi
fi
cmake --preset default "${configure[@]}" >&2
# The main job needs the zfcheck command alone; the tests and the package need everything.
targets=()
[ "$mode" = main ] && targets=(--target zfcheck)
cmake --build --preset default -j"$jobs" "${targets[@]}" >&2

case "$mode" in
  main) exec ./build/default/harness/cli/zfcheck table --all-profiles ;;
  test)
    status=0
    ctest --preset default --output-junit test-results.xml || status=$?
    ctest --preset default --show-only=json-v1 > build/default/tests.json
    python3 cmake/fidelity_summary.py build/default/tests.json build/default/test-results.xml || true
    [ -z "$fidelity_python_note" ] || echo "  no Python with pydantic 2 for them: $fidelity_python_note"
    exit $status ;;
  package)  # prints the .deb's path
    cpack --config build/default/CPackConfig.cmake -B build/default/package | sed -n 's/^CPack: - package: \(.*\) generated\.$/\1/p' ;;
esac
