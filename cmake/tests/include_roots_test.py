#!/usr/bin/env python3
"""Checks that the build enforces the layers (cmake/ZfcheckLayers.cmake): a source of each library can
include a header of its own layer and of the layers below, and fails to compile an include of a higher
or a sibling layer.

Usage: include_roots_test.py BUILD_DIR. Each probe is preprocessed (-E) with the compile
command CMake wrote for a real source of the library (compile_commands.json; for the unity unit that
includes it, where the library is built in units), so the flags are the build's own.
"""
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

# (a source of the library, a header it may include, headers it must not reach)
LAYERS = [
    ("reference/evaluate.cpp", "reference/py_json.hpp",
     ["harness/io/case_io.hpp", "kernels/oracle/columns.hpp"]),
    ("kernels/oracle/columns.cpp", "reference/py_arith.hpp",
     ["kernels/core/tuning.hpp", "kernels/check/topk_io.hpp"]),
    ("kernels/cpu/column_select_cpu.cpp", "kernels/oracle/columns.hpp", ["kernels/check/topk_io.hpp"]),
    ("harness/io/case_io.cpp", "reference/evaluate.hpp", ["harness/checks/invariants.hpp"]),
    ("harness/checks/sweep.cpp", "harness/io/case_io.hpp",
     ["harness/reports/profile_diff.hpp", "harness/corpus/replay.hpp", "harness/explain/fix_search.hpp",
      "harness/upstream/upstream_engine.hpp"]),
    ("harness/reports/profile_diff.cpp", "harness/checks/sweep.hpp",
     ["harness/corpus/replay.hpp", "harness/explain/fix_search.hpp", "harness/upstream/upstream_engine.hpp"]),
    ("harness/corpus/replay.cpp", "harness/checks/engine.hpp",
     ["harness/reports/profile_diff.hpp", "harness/explain/fix_search.hpp"]),
    ("harness/explain/fix_search.cpp", "harness/checks/engine.hpp",
     ["harness/reports/profile_diff.hpp", "harness/corpus/replay.hpp", "properties/generators/value_pools.hpp",
      "harness/upstream/upstream_engine.hpp"]),
    ("harness/upstream/conformance.cpp", "harness/checks/minimal_order.hpp",
     ["harness/reports/profile_diff.hpp", "harness/cli/commands.hpp", "properties/generators/generators.hpp"]),
    ("properties/generators/generators.cpp", "harness/checks/invariants.hpp",
     ["properties/suite/suite.hpp", "harness/cli/commands.hpp"]),
    ("properties/suite/suite.cpp", "harness/corpus/recorded_findings.hpp", ["harness/cli/commands.hpp"]),
]


def compiled_sources(entry):
    """The sources an entry compiles: its file, or the sources a unity unit (cmake/ZfcheckCompileTime.cmake)
    includes, by their real paths."""
    path = os.path.join(entry["directory"], entry["file"])
    if "_unity" not in os.path.dirname(path):
        return [os.path.realpath(path)]
    with open(path) as f:
        included = re.findall(r'^#include "(.*)"$', f.read(), re.M)
    return [os.path.realpath(os.path.join(os.path.dirname(path), name)) for name in included]


def command_for(commands, source):
    for entry in commands:
        if os.path.realpath(source) in compiled_sources(entry):
            return entry
    sys.exit(f"include_roots_test: no compile command for {source}")


def compiles(entry, header, probe_dir):
    """Whether a file holding only `#include "header"` compiles with the entry's flags."""
    probe = os.path.join(probe_dir, "probe.cpp")
    with open(probe, "w") as f:
        f.write(f'#include "{header}"\n')
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    keep, skip = [], False
    for arg in args:
        if skip:
            skip = False
        elif arg in ("-o", "-c"):
            skip = True
        elif arg != entry["file"] and not arg.endswith(".o") and not arg.endswith(".d"):
            keep.append(arg)
    if keep and os.path.basename(keep[0]) == "ccache":
        keep = keep[1:]
    cut = [a for a in keep if not a.startswith("-MD") and not a.startswith("-MT") and not a.startswith("-MF")]
    done = subprocess.run(cut + ["-E", probe, "-o", os.devnull], cwd=entry["directory"], capture_output=True, text=True)
    return done.returncode == 0, done.stderr


def main():
    build = sys.argv[1]
    with open(os.path.join(build, "compile_commands.json")) as f:
        commands = json.load(f)
    source_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    failures = []
    with tempfile.TemporaryDirectory() as probe_dir:
        for source, allowed, forbidden in LAYERS:
            entry = command_for(commands, os.path.join(source_root, source))
            ok, err = compiles(entry, allowed, probe_dir)
            if not ok:
                failures.append(f"{source}: cannot include {allowed}, which its layer may use:\n{err}")
            for header in forbidden:
                ok, err = compiles(entry, header, probe_dir)
                if ok:
                    failures.append(f"{source}: includes {header} of a higher or sibling layer and compiles")
                elif "No such file" not in err:
                    failures.append(f"{source}: {header} failed for another reason than its absence:\n{err}")
            print(f"{source}: {allowed} reachable, {len(forbidden)} higher headers unreachable")
    for failure in failures:
        print("FAIL " + failure)
    print(f"{len(LAYERS) - len({f.split(':')[0] for f in failures})} passed, "
          f"{len({f.split(':')[0] for f in failures})} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
