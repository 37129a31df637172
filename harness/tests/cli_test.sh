#!/bin/sh
# Runs one zfcheck command line for ctest: cli_test.sh EXPECTED_EXIT PATTERN STDIN COMMAND [ARGS...].
# Passes when the command exits with EXPECTED_EXIT and prints a line that matches the extended regular
# expression PATTERN; STDIN is fed to it followed by a newline. An empty PATTERN is refused: it would
# accept any output.
expected=$1
pattern=$2
input=$3
shift 3
if [ -z "$pattern" ]; then
  echo "cli_test.sh: empty PATTERN; name the line the command must print"
  exit 1
fi
out=$(printf '%s\n' "$input" | "$@" 2>&1)
rc=$?
if [ "$rc" -ne "$expected" ]; then
  echo "exit status $rc, expected $expected:"
  printf '%s\n' "$out" | head -40
  exit 1
fi
if ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
  echo "no output line matches: $pattern"
  printf '%s\n' "$out" | head -40
  exit 1
fi
