#!/usr/bin/env python3
"""fuzz/README.md's table of targets names every libFuzzer target the build defines, and no other.

Usage: check_fuzz_readme.py ROOT TARGETS_TXT (the build's list, <build>/fuzz/targets.txt). Exit status 0 when
the two lists are the same set, 1 naming the difference.
"""
import re
import sys


def main():
    root, targets_txt = sys.argv[1], sys.argv[2]
    with open(targets_txt, encoding="utf-8") as f:
        built = set(f.read().split())
    with open(f"{root}/fuzz/README.md", encoding="utf-8") as f:
        listed = set(re.findall(r"^\| `(\w+)` \|", f.read(), re.M))
    if not built:
        print(f"{targets_txt} lists no fuzz target")
        return 1
    if built != listed:
        print(f"built, not in fuzz/README.md: {sorted(built - listed)}; listed, not built: {sorted(listed - built)}")
        return 1
    print(f"fuzz/README.md lists the {len(built)} targets: {', '.join(sorted(built))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
