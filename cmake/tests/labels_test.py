#!/usr/bin/env python3
"""Checks that ctest's labels tell what ran: every test carries labels from the documented set, every fidelity
test (one that runs upstream's own code: named conformance.*, or running a script of harness/upstream/tests)
is labelled `conformance`, and CI (.ci/run, through ./run.sh test) runs every label.

Usage: labels_test.py SOURCE_DIR BUILD_DIR"""
import json
import os
import re
import subprocess
import sys
import unittest

SOURCE, BUILD = (sys.argv[1], sys.argv[2]) if len(sys.argv) > 2 else (".", "build/default")
sys.path.insert(0, os.path.join(SOURCE, "cmake"))
from fidelity_summary import labels_of  # noqa: E402  (cmake/ is not a package)

LABELS = {"unit", "property", "fuzz-smoke", "corpus", "conformance", "gpu"}


def tests():
    shown = subprocess.run(["ctest", "--show-only=json-v1"], cwd=BUILD, check=True, capture_output=True, text=True)
    for test in json.loads(shown.stdout)["tests"]:
        yield test["name"], test.get("command", []), set(labels_of(test))


class Labels(unittest.TestCase):

    def test_every_label_is_documented(self):
        for name, _, labels in tests():
            self.assertTrue(labels, f"{name} has no label")
            self.assertLessEqual(labels, LABELS, f"{name}: labels outside README's list")

    def test_fidelity_tests_are_conformance(self):
        fidelity = [(name, labels) for name, command, labels in tests()
                    if name.startswith("conformance.") or any("harness/upstream/tests/" in part for part in command)]
        self.assertGreaterEqual(len(fidelity), 8)
        for name, labels in fidelity:
            self.assertIn("conformance", labels, f"{name} runs upstream's code but is labelled {sorted(labels)}")

    def test_ci_runs_every_label(self):
        with open(os.path.join(SOURCE, ".ci/run"), encoding="utf-8") as f:
            self.assertRegex(f.read(), r"(?m)^\./run\.sh test$")
        with open(os.path.join(SOURCE, "run.sh"), encoding="utf-8") as f:
            calls = re.findall(r"(?m)\bctest --preset default[^\n]*", f.read())
        self.assertTrue(calls, "run.sh runs no ctest")
        for call in calls:
            self.assertNotRegex(call, r"\s(-L|-LE|--label-regex|--label-exclude|-R|-E|--tests-regex|--exclude-regex)\b",
                                f"run.sh test leaves tests out: {call}")


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
