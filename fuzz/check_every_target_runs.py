#!/usr/bin/env python3
"""Every fuzz target the build defines is one overnight.sh and ClusterFuzzLite run.

The build writes its one list of targets (<build>/fuzz/targets.txt); both runners take their targets from it,
each target's fuzz/<target>.options names its dictionary, and both start from corpus/fuzz/<target>/. This
checks each listed target has its options, dictionary and seeds, that no options file names a target the
build lacks, and then runs overnight.sh and .clusterfuzzlite/build.sh as they are, on a copy of their files,
with cmake and the fuzz targets stood in for (a stand-in target prints libFuzzer's stats line): the
overnight summary and ClusterFuzzLite's $OUT must hold every listed target.

Usage: check_every_target_runs.py ROOT TARGETS_TXT. Exit status 0 when all holds, 1 naming what does not.
"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

STAND_IN_TARGET = """#!/bin/sh
echo '#4242: cov: 7 ft: 9 corp: 3 exec/s 100 rss: 30Mb'
"""
# cmake -E (tar, used for the seed zips) is the real one; configuring and building are done already.
STAND_IN_CMAKE = """#!/bin/sh
[ "$1" = -E ] && exec {cmake} "$@"
exit 0
"""


def files_problems(root, targets):
    with_options = {os.path.basename(p)[:-len(".options")] for p in glob.glob(f"{root}/fuzz/*.options")}
    problems = [f"{t}: no fuzz/{t}.options, so overnight.sh and ClusterFuzzLite cannot run it"
                for t in targets if t not in with_options]
    problems += [f"fuzz/{t}.options names a target the build does not define"
                 for t in sorted(with_options - set(targets))]
    for target in (t for t in targets if t in with_options):
        with open(f"{root}/fuzz/{target}.options", encoding="utf-8") as f:
            dictionary = re.search(r"^dict = (\S+)", f.read(), re.M)
        if dictionary is None or not os.path.isfile(f"{root}/fuzz/{dictionary.group(1)}"):
            problems.append(f"{target}: fuzz/{target}.options names no dictionary in fuzz/")
        seeds = f"{root}/corpus/fuzz/{target}"
        if not os.path.isdir(seeds) or not os.listdir(seeds):
            problems.append(f"{target}: no seeds in corpus/fuzz/{target}/")
    return problems


def sandbox(root, work, targets, targets_txt, build):
    """A copy of the runners' files under work/tree, the build at work/tree/BUILD with stand-in targets."""
    tree = f"{work}/tree"
    shutil.copytree(f"{root}/fuzz", f"{tree}/fuzz", ignore=shutil.ignore_patterns("work", "artifacts"))
    shutil.copytree(f"{root}/.clusterfuzzlite", f"{tree}/.clusterfuzzlite")
    os.makedirs(f"{tree}/corpus")
    os.symlink(f"{os.path.abspath(root)}/corpus/fuzz", f"{tree}/corpus/fuzz")
    os.makedirs(f"{build}/fuzz")
    shutil.copy(targets_txt, f"{build}/fuzz/targets.txt")
    for target in targets:
        write_executable(f"{build}/fuzz/{target}", STAND_IN_TARGET)
    os.makedirs(f"{work}/bin")
    write_executable(f"{work}/bin/cmake", STAND_IN_CMAKE.format(cmake=shutil.which("cmake")))
    return tree


def write_executable(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(path, 0o755)


def runner_problems(root, targets, targets_txt):
    problems = []
    with tempfile.TemporaryDirectory() as work:
        env = {**os.environ, "PATH": f"{work}/bin:{os.environ['PATH']}"}
        tree = sandbox(root, work, targets, targets_txt, f"{work}/tree/build/fuzz")
        run = subprocess.run(["bash", f"{tree}/fuzz/overnight.sh", "--hours", "0.0001", "--jobs", "1"], env=env,
                             capture_output=True, text=True, timeout=300)
        summary = run.stdout.split("== summary\n")[-1]
        for target in targets:
            if not re.search(rf"(?m)^{target}: 4242 executions", summary):
                problems.append(f"{target}: overnight.sh's summary has no line for it (rc {run.returncode}): "
                                f"{(run.stdout + run.stderr)[-300:]!r}")
        out = f"{work}/out"
        os.makedirs(out)
        shutil.move(f"{work}/tree/build/fuzz", f"{work}/zfcheck-oss-fuzz-build")
        run = subprocess.run(["bash", f"{tree}/.clusterfuzzlite/build.sh"], capture_output=True, text=True,
                             env={**env, "SRC": tree, "WORK": work, "OUT": out, "CC": "cc", "CXX": "c++",
                                  "CXXFLAGS": "", "LIB_FUZZING_ENGINE": "-fsanitize=fuzzer"}, timeout=300)
        for target in targets:
            wanted = [target, f"{target}.options", f"{target}_seed_corpus.zip"]
            if not all(os.path.isfile(f"{out}/{name}") for name in wanted):
                problems.append(f"{target}: ClusterFuzzLite's build.sh left it out of $OUT (rc {run.returncode}): "
                                f"{run.stderr[-300:]!r}")
    return problems


def main():
    root, targets_txt = sys.argv[1], sys.argv[2]
    with open(targets_txt, encoding="utf-8") as f:
        targets = f.read().split()
    if not targets:
        print(f"{targets_txt} lists no fuzz target")
        return 1
    problems = files_problems(root, targets) or runner_problems(root, targets, targets_txt)
    if problems:
        print("\n".join(problems))
        return 1
    print(f"overnight.sh and ClusterFuzzLite run every target the build defines: {', '.join(targets)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
