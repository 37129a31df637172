#!/usr/bin/env python3
"""Every fuzz target the build defines is one overnight.sh and ClusterFuzzLite run.

Both take their targets from fuzz/*.options (one per target, naming its dictionary), and both start from
corpus/fuzz/<target>/. Usage: check_every_target_runs.py ROOT. Exit status 0 when every target of
fuzz/CMakeLists.txt has its options, its dictionary and its seed corpus, and no options file names a target
the build lacks; 1 naming what is missing.
"""
import glob
import os
import re
import sys


def main():
    root = sys.argv[1]
    with open(f"{root}/fuzz/CMakeLists.txt", encoding="utf-8") as f:
        built = set(re.findall(r"^zfcheck_fuzzer\((\w+)", f.read(), re.M))
    if not built:
        print("fuzz/CMakeLists.txt builds no zfcheck_fuzzer target: the pattern no longer matches it")
        return 1
    with_options = {os.path.basename(p)[:-len(".options")] for p in glob.glob(f"{root}/fuzz/*.options")}
    problems = [f"{t}: no fuzz/{t}.options, so overnight.sh and ClusterFuzzLite never run it"
                for t in sorted(built - with_options)]
    problems += [f"fuzz/{t}.options names a target the build does not define" for t in sorted(with_options - built)]
    for target in sorted(built & with_options):
        with open(f"{root}/fuzz/{target}.options", encoding="utf-8") as f:
            dictionary = re.search(r"^dict = (\S+)", f.read(), re.M)
        if dictionary is None or not os.path.isfile(f"{root}/fuzz/{dictionary.group(1)}"):
            problems.append(f"{target}: fuzz/{target}.options names no dictionary in fuzz/")
        seeds = f"{root}/corpus/fuzz/{target}"
        if not os.path.isdir(seeds) or not os.listdir(seeds):
            problems.append(f"{target}: no seeds in corpus/fuzz/{target}/")
    if problems:
        print("\n".join(problems))
        return 1
    print(f"overnight.sh and ClusterFuzzLite run every target: {', '.join(sorted(built))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
