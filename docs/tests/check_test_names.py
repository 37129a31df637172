#!/usr/bin/env python3
"""Checks docs/design.md's rule for test files: each is named after the source file it tests or is one of
the feature tests that docs/design.md lists (and each listed one exists).

Usage: check_test_names.py REPO_ROOT
A test file is a file in a `tests/` folder named `<stem>_test.cpp|.sh|.py` or `test_<stem>.py`; it is named
after a source file when a file `<stem>.cpp|.hpp|.cuh|.cu|.py|.sh` exists outside every `tests/` folder.
Exit 0 when the rule holds, 1 otherwise, with one line per test file that breaks it.
"""
import os
import re
import sys

TEST_NAME = re.compile(r"^(?:(?P<a>[\w-]+)_test\.(?:cpp|sh|py)|test_(?P<b>\w+)\.py)$")
SOURCE_NAME = re.compile(r"^([\w-]+)\.(?:cpp|hpp|cuh|cu|py|sh)$")
SKIPPED = {".git", "build"}
DESIGN = "docs/design.md"


def listed_feature_tests(design):
    """The first cell of each row of the "### Feature tests" table of docs/design.md."""
    listed, inside = [], False
    for line in design.splitlines():
        if line.startswith("#"):
            inside = line == "### Feature tests"
        elif inside and line.startswith("| `"):
            listed.append(line.split("`")[1])
    return listed


def main(root):
    tests, sources = [], set()
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIPPED]
        relative = os.path.relpath(folder, root)
        in_tests = "tests" in relative.split(os.sep)
        for name in files:
            if in_tests:
                if TEST_NAME.match(name):
                    tests.append(os.path.join(relative, name))
            elif SOURCE_NAME.match(name):
                sources.add(SOURCE_NAME.match(name).group(1))
    with open(os.path.join(root, DESIGN), encoding="utf-8") as f:
        listed = listed_feature_tests(f.read())
    problems = []
    for path in listed:
        if not os.path.isfile(os.path.join(root, path)):
            problems.append("%s: listed in docs/design.md#feature-tests but does not exist" % path)
    for path in sorted(tests):
        match = TEST_NAME.match(os.path.basename(path))
        stem = match.group("a") or match.group("b")
        if stem not in sources and path not in listed:
            problems.append("%s: names no source file (%s.*) and is not listed in docs/design.md#feature-tests"
                            % (path, stem))
    for line in problems:
        print(line)
    if not listed:
        print("docs/design.md has no \"### Feature tests\" table")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
