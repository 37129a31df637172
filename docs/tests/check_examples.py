#!/usr/bin/env python3
"""The `$ zfcheck ...` examples in the docs are today's output: each is run and compared line by line.

Usage: check_examples.py ZFCHECK ROOT FILE...   (FILE relative to ROOT; the commands run in ROOT)
An example is a line "$ zfcheck ARGS" in a code block, the output lines under it with the same indent, then
"$ echo $?" and the exit status. A line "..." stands for any number of output lines. Exit status 0 when
every example matches (and each file has one), 1 otherwise, naming the file, the line and the first
difference.
"""
import os
import re
import shlex
import subprocess
import sys

COMMAND = re.compile(r"^(\s*)\$ zfcheck (.*)$")


def examples(lines):
    """(line number, indent, arguments, expected output lines, expected status) for each example."""
    found = []
    for i, line in enumerate(lines):
        m = COMMAND.match(line)
        if not m:
            continue
        indent, expected = m.group(1), []
        for j in range(i + 1, len(lines)):
            body = lines[j][len(indent):] if lines[j].startswith(indent) else lines[j].strip()
            if body == "$ echo $?":
                found.append((i + 1, m.group(2), expected, int(lines[j + 1].strip())))
                break
            if lines[j].strip().startswith("```"):
                raise SystemExit(f"line {i + 1}: the example ends before its \"$ echo $?\"")
            expected.append(body)
    return found


def first_difference(expected, actual):
    """None when `actual` is `expected`, a "..." line skipping ahead to the next line the example shows;
    else what differs first."""
    a = 0
    for e, line in enumerate(expected):
        if line == "...":
            following = expected[e + 1] if e + 1 < len(expected) else None
            while a < len(actual) and actual[a] != following:
                a += 1
            continue
        if a >= len(actual) or actual[a] != line:
            return f"expected {line!r}, got {actual[a] if a < len(actual) else 'the end'!r}"
        a += 1
    return None if a == len(actual) else f"more output than the example shows: {actual[a]!r}"


def main():
    zfcheck, root, files = sys.argv[1], sys.argv[2], sys.argv[3:]
    failed = 0
    for name in files:
        with open(os.path.join(root, name), encoding="utf-8") as f:
            lines = f.read().split("\n")
        found = examples(lines)
        if not found:
            print(f"{name}: no `$ zfcheck` example")
            failed += 1
        for line, args, expected, status in found:
            run = subprocess.run([zfcheck, *shlex.split(args)], cwd=root, capture_output=True, text=True)
            actual = run.stdout.rstrip("\n").split("\n")
            miss = first_difference(expected, actual)
            if miss is not None or run.returncode != status:
                failed += 1
                why = miss if miss is not None else f"exit status {run.returncode}, the example says {status}"
                print(f"{name}:{line}: `zfcheck {args}` differs: {why}")
            else:
                print(f"{name}:{line}: `zfcheck {args}`: same")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
