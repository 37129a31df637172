#!/usr/bin/env python3
"""README.md opens as a new user needs it: the two commands, then what zfcheck is and who it is for, then how
long the first build takes; its `zfcheck explain` example is short (docs/explain.md holds the long one).

Usage: check_readme_opening.py ROOT. Exit status 0 when the README opens so, 1 naming what is not."""
import os
import re
import sys

from check_examples import examples

SHORT = 8  # lines of output at most in the README's explain example


def problems(readme, explain_doc):
    found = []
    blocks = re.match(r"# zfcheck\n\n```sh\n(.*?)```\n\n(.*?)\n## ", readme, re.S)
    if blocks is None:
        return ["README.md does not open with its title, a sh block and prose before the next section"]
    commands = [line.split("#")[0].strip() for line in blocks.group(1).splitlines()]
    if commands != ["./run.sh", "./run.sh test"]:
        found.append(f"the opening block's commands are {commands}, not ./run.sh and ./run.sh test")
    paragraphs = blocks.group(2).split("\n\n")
    if not paragraphs[0].startswith("zfcheck is ") or "It is for " not in paragraphs[0]:
        found.append("the paragraph after the commands does not say what zfcheck is and who it is for")
    if not re.search(r"The first `\./run\.sh` builds .*? in about \d+ minutes", blocks.group(2), re.S):
        found.append("the opening does not say how long the first build takes")
    readme_example = [e for e in examples(readme.split("\n")) if e[1].startswith("explain ")]
    doc_example = [e for e in examples(explain_doc.split("\n")) if e[1].startswith("explain ")]
    if not readme_example or not doc_example:
        found.append("README.md or docs/explain.md has no `$ zfcheck explain` example")
    elif len([line for line in readme_example[0][2] if line != "..."]) > SHORT:
        found.append(f"README.md's explain example shows more than {SHORT} lines: docs/explain.md holds the long one")
    elif len(doc_example[0][2]) <= len(readme_example[0][2]):
        found.append("docs/explain.md's explain example is no longer than README.md's")
    return found


def main(root):
    with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    with open(os.path.join(root, "docs/explain.md"), encoding="utf-8") as f:
        explain_doc = f.read()
    found = problems(readme, explain_doc)
    for line in found:
        print(line)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "."))
