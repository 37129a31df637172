#!/usr/bin/env python3
"""Says how many fidelity tests ran: the tests labelled `conformance`, which hold zfcheck to upstream's own code.

Usage: fidelity_summary.py TESTS_JSON JUNIT_XML, the first written by `ctest --show-only=json-v1`, the second
by `ctest --output-junit`. Prints one line with the counts, then one line per test that was skipped (with the
reason the test printed), failed or did not run. Exit status 0; 2 when either file cannot be read.
"""
import json
import sys
import xml.etree.ElementTree as ET

LABEL = "conformance"


def labels_of(test):
    """The labels of one test of `ctest --show-only=json-v1`'s "tests"."""
    return next((p["value"] for p in test.get("properties", []) if p["name"] == "LABELS"), [])


def fidelity_tests(tests_json):
    """The names of the tests labelled LABEL, in ctest's order."""
    with open(tests_json, encoding="utf-8") as f:
        tests = json.load(f)["tests"]
    return [test["name"] for test in tests if LABEL in labels_of(test)]


def skip_reason(output):
    """The line a skipped test printed to say why (a line starting SKIPPED, else its last line)."""
    lines = [line.strip() for line in (output or "").splitlines() if line.strip()]
    said = next((line for line in lines if line.startswith("SKIPPED")), lines[-1] if lines else "no reason printed")
    return said[len("SKIPPED:"):].strip() if said.startswith("SKIPPED:") else said


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        names = fidelity_tests(sys.argv[1])
        cases = {case.get("name"): case for case in ET.parse(sys.argv[2]).getroot().iter("testcase")}
    except (OSError, ValueError, KeyError, ET.ParseError) as e:
        print(f"fidelity_summary.py: cannot read the test results: {e}", file=sys.stderr)
        return 2
    passed, details = 0, []
    for name in names:
        case = cases.get(name)
        status = case.get("status") if case is not None else None
        if status == "run":
            passed += 1
        elif status == "notrun" and case.find("skipped") is not None:
            details.append(f"  skipped {name}: {skip_reason(case.findtext('system-out'))}")
        elif status == "fail":
            details.append(f"  failed  {name}")
        else:
            details.append(f"  not run {name}")
    ran = sum(1 for name in names if name in cases and cases[name].get("status") in ("run", "fail"))
    print(f"Fidelity tests (label {LABEL}: zfcheck held to upstream's own code): {ran} of {len(names)} ran, "
          f"{passed} passed")
    for line in details:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
