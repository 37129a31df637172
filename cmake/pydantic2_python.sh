#!/usr/bin/env bash
# Prints a Python 3 with pydantic 2 for the fidelity tests (the runner of upstream's config code needs it):
# python3 where it has pydantic 2, else the virtual environment VENV, made with Debian's python3-venv and
# given pydantic 2 by pip from the package index. Exits 1 with the reason on stderr where none can be had.
# Usage: cmake/pydantic2_python.sh VENV
set -uo pipefail
venv=${1:?usage: pydantic2_python.sh VENV}
has_pydantic_2() {
  "$1" -c 'import pydantic, sys; sys.exit(0 if pydantic.VERSION.startswith("2.") else 1)' 2>/dev/null
}
python=$(command -v python3) || { echo "no python3 on PATH" >&2; exit 1; }
if has_pydantic_2 "$python"; then echo "$python"; exit 0; fi
if has_pydantic_2 "$venv/bin/python"; then echo "$venv/bin/python"; exit 0; fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
rm -rf "$venv"
if ! "$python" -m venv "$venv" >"$log" 2>&1; then
  echo "$python has no pydantic 2, and cannot make a virtual environment (Debian's python3-venv): $(tail -1 "$log")" >&2
  rm -rf "$venv"
  exit 1
fi
echo "pydantic2_python.sh: $python has no pydantic 2; installing it into $venv with pip" >&2
if ! "$venv/bin/python" -m pip install --quiet --timeout 15 --retries 0 'pydantic>=2,<3' >"$log" 2>&1; then
  echo "$python has no pydantic 2, and pip could not install it into $venv (no package index reachable?): $(grep -m1 ERROR "$log" || tail -1 "$log")" >&2
  rm -rf "$venv"
  exit 1
fi
echo "$venv/bin/python"
