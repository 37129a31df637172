#!/bin/sh
# Runs a fuzz target's replay twin that must catch a defect, for ctest: expect_finding.sh PATTERN COMMAND [ARGS...].
# Passes only when the command aborts (killed by SIGABRT, the way fuzz_check.hpp stops) and its output has
# a line matching the extended regular expression PATTERN; a clean run, a usage error (bad plant spec,
# missing input) or another finding fails.
pattern=$1
shift
if [ -z "$pattern" ]; then
  echo "expect_finding.sh: empty PATTERN; name the finding the command must report"
  exit 1
fi
out=$("$@" 2>&1)
rc=$?
printf '%s\n' "$out" | head -40
if [ "$rc" -ne 134 ]; then
  echo "exit status $rc, expected 134 (an abort on a finding)"
  exit 1
fi
if ! printf '%s\n' "$out" | grep -Eq -- "$pattern"; then
  echo "no output line matches: $pattern"
  exit 1
fi
