#!/usr/bin/env python3
"""Checks cmake/fidelity_summary.py on what a real ctest writes: a small project with fidelity tests that pass,
skip (saying why) and fail, beside a test of another label. Usage: fidelity_summary_test.py SOURCE_DIR"""
import os
import subprocess
import sys
import tempfile
import unittest

SOURCE = sys.argv[1] if len(sys.argv) > 1 else "."

PROJECT = """cmake_minimum_required(VERSION 3.25)
project(fidelity NONE)
enable_testing()
add_test(NAME f.passes COMMAND sh -c "echo fine")
add_test(NAME f.skips COMMAND sh -c "echo preamble; echo 'SKIPPED: needs pydantic 2 (/usr/bin/python3)'; exit 77")
add_test(NAME f.fails COMMAND sh -c "exit 1")
add_test(NAME f.also_corpus COMMAND sh -c "exit 0")
add_test(NAME u.other COMMAND sh -c "exit 77")
set_tests_properties(f.passes f.fails PROPERTIES LABELS conformance)
set_tests_properties(f.skips PROPERTIES LABELS conformance SKIP_RETURN_CODE 77)
set_tests_properties(f.also_corpus PROPERTIES LABELS "corpus;conformance")
set_tests_properties(u.other PROPERTIES LABELS unit SKIP_RETURN_CODE 77)
"""


class FidelitySummary(unittest.TestCase):

    def test_counts_and_reasons_from_a_real_ctest(self):
        with tempfile.TemporaryDirectory() as root:
            with open(os.path.join(root, "CMakeLists.txt"), "w") as f:
                f.write(PROJECT)
            build = os.path.join(root, "build")
            subprocess.run(["cmake", "-S", root, "-B", build], check=True, capture_output=True)
            subprocess.run(["ctest", "--output-junit", "junit.xml"], cwd=build, capture_output=True)
            with open(os.path.join(build, "tests.json"), "w") as f:
                subprocess.run(["ctest", "--show-only=json-v1"], cwd=build, check=True, stdout=f)
            done = subprocess.run([sys.executable, os.path.join(SOURCE, "cmake/fidelity_summary.py"),
                                   os.path.join(build, "tests.json"), os.path.join(build, "junit.xml")],
                                  capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.splitlines(), [
            "Fidelity tests (label conformance: zfcheck held to upstream's own code): 3 of 4 ran, 2 passed",
            "  skipped f.skips: needs pydantic 2 (/usr/bin/python3)",
            "  failed  f.fails",
        ])

    def test_missing_results_are_an_error(self):
        done = subprocess.run([sys.executable, os.path.join(SOURCE, "cmake/fidelity_summary.py"), "/nonexistent.json",
                               "/nonexistent.xml"], capture_output=True, text=True)
        self.assertEqual(done.returncode, 2)
        self.assertIn("cannot read the test results", done.stderr)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
