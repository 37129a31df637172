#!/usr/bin/env bash
# Checks cmake/pydantic2_python.sh: python3 itself where it has pydantic 2; else a virtual environment given
# pydantic 2 by pip (here from a local stand-in wheel, with no index); else exit 1 naming why. python3 is a
# stand-in that hides every site package. Usage: pydantic2_python_test.sh SOURCE_DIR
set -uo pipefail
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
real=$(command -v python3)
"$real" -c 'import ensurepip' 2>/dev/null || { echo "SKIPPED: $real has no venv/ensurepip (Debian's python3-venv)"; exit 77; }
mkdir -p "$work/bin" "$work/wheels"
printf '#!/bin/sh\nexec %s -I -S "$@"\n' "$real" > "$work/bin/python3"
chmod +x "$work/bin/python3"
# A pydantic 2.99 wheel that is only its version: enough for the check that the script makes.
"$real" - "$work/wheels" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1] + "/pydantic-2.99.0-py3-none-any.whl", "w") as w:
    w.writestr("pydantic/__init__.py", "VERSION = '2.99.0'\n")
    w.writestr("pydantic-2.99.0.dist-info/METADATA", "Metadata-Version: 2.1\nName: pydantic\nVersion: 2.99.0\n")
    w.writestr("pydantic-2.99.0.dist-info/WHEEL", "Wheel-Version: 1.0\nGenerator: t\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
    w.writestr("pydantic-2.99.0.dist-info/RECORD", "")
PY
status=0
fail() { echo "FAIL: $*"; status=1; }
run() { PATH="$work/bin:$PATH" PIP_NO_INDEX=1 "$@" bash "$source_dir/cmake/pydantic2_python.sh" "$work/venv" 2>"$work/err"; }

got=$(run env PIP_FIND_LINKS="$work/empty")
rc=$?
[ $rc -eq 1 ] && [ -z "$got" ] || fail "without a wheel to be had: rc $rc, printed '$got'"
grep -q "has no pydantic 2, and pip could not install it into $work/venv" "$work/err" || fail "no reason given: $(cat "$work/err")"
[ ! -e "$work/venv" ] || fail "a failed virtual environment was left behind"

got=$(run env PIP_FIND_LINKS="$work/wheels")
[ "$got" = "$work/venv/bin/python" ] || fail "with a wheel: printed '$got' ($(cat "$work/err"))"
# Made once: a second run finds it without pip.
got=$(run env PIP_FIND_LINKS="$work/empty")
[ "$got" = "$work/venv/bin/python" ] || fail "the virtual environment was not reused: printed '$got'"

mkdir -p "$work/fake/pydantic"
echo "VERSION = '2.5.0'" > "$work/fake/pydantic/__init__.py"
printf '#!/bin/sh\nPYTHONPATH=%s exec %s -S "$@"\n' "$work/fake" "$real" > "$work/bin/python3"
got=$(PATH="$work/bin:$PATH" bash "$source_dir/cmake/pydantic2_python.sh" "$work/other")
[ "$got" = "$work/bin/python3" ] || fail "python3 with pydantic 2 not chosen: printed '$got'"
[ ! -e "$work/other" ] || fail "a virtual environment was made although python3 has pydantic 2"
[ $status -eq 0 ] && echo "pydantic2_python.sh: python3 with pydantic 2 itself, else a virtual environment, else the reason"
exit $status
