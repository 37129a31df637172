#!/usr/bin/env python3
"""Checks that every citation of a document in the repository points at a file and anchor that exist,
and that nothing cites a document from outside the repository.

Usage: check_citations.py REPO_ROOT
A citation is a path from the repository root such as `docs/zenflow.md#d6` (in any file), a bare name
such as `README.md` (from the root, or in a Markdown file from that file's folder) or a Markdown link
`[text](zenflow.md#d6)` (relative to the linking file). An anchor exists when the target has
`<a id="...">` with it or a heading whose GitHub-style slug it is. Exit 0 when all resolve, 1 otherwise,
with one line per bad citation: file:line: what is wrong.
"""
import os
import re
import subprocess
import sys

ROOT_PATH = re.compile(r"(?<![\w/.-])(docs/[\w.-]+\.(?:md|txt))(?:#([\w-]+))?")
BARE_NAME = re.compile(r"(?<![\w/.#-])([\w-]+\.md)(?:#([\w-]+))?")
MD_LINK = re.compile(r"\]\(([^)\s]+)\)")
MD_LINK_WHOLE = re.compile(r"\[[^\]]*\]\([^)\s]+\)")
# The external sources the repository must not depend on, and the citation styles that pointed into them.
FORBIDDEN = [
    (re.compile(r"zenflow-semantics"), "cites a document outside the repository"),
    (re.compile(r"/work/tools"), "cites a path outside the repository"),
    (re.compile("\u00a7"), "a section sign: cite a file and anchor instead"),
    (re.compile(r"\bsemantics\s+(?:D?\d)"), "cites 'semantics': cite docs/zenflow.md#... instead"),
]
# A relative path that climbs ("../x"): it must stay inside the repository, seen from the file's folder.
CLIMBING = re.compile(r"(?<![\w.])(?:\.\./)+[\w.-]+")
# A defect number with no file before it ("D6" rather than "docs/zenflow.md#d6").
BARE_DEFECT = re.compile(r"(?<![#\w-])D\d{1,2}b?\b")
DEFECT_HOME = "docs/zenflow.md"  # defines the defect numbers, so it may name them bare
QUOTED = {"docs/pr-8456-thread.txt"}  # a verbatim external text: its words are not citations
SELF = "docs/tests/check_citations.py"


def repo_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-co", "--exclude-standard", "-z"],
                             capture_output=True, check=True).stdout.decode()
        return sorted(f for f in out.split("\0") if f and os.path.isfile(os.path.join(root, f)))
    except (OSError, subprocess.CalledProcessError):
        found = []
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in (".git", "build", "work", "artifacts")]
            found += [os.path.relpath(os.path.join(folder, f), root) for f in files]
        return sorted(found)


def slug(heading):
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


_anchors = {}


def anchors(path):
    if path not in _anchors:
        found = set()
        with open(path, encoding="utf-8") as f:
            for line in f:
                found.update(re.findall(r'<a id="([\w-]+)"', line))
                heading = re.match(r"#{1,6}\s+(.*)", line)
                if heading:
                    found.add(slug(heading.group(1)))
        _anchors[path] = found
    return _anchors[path]


def resolve(root, base, target, anchor):
    """What is wrong with citing `target` (a path relative to `base`) at `anchor`, or None."""
    path = os.path.normpath(os.path.join(root, base, target))
    if not path.startswith(os.path.normpath(root) + os.sep):
        return f"{target} lies outside the repository"
    if not os.path.isfile(path):
        return f"{os.path.relpath(path, root)} does not exist"
    if anchor and path.endswith(".md") and anchor not in anchors(path):
        return f"{os.path.relpath(path, root)} has no anchor #{anchor}"
    return None


def check_file(root, rel, text):
    problems = []
    folder = os.path.dirname(rel)
    markdown = rel.endswith(".md")
    for number, line in enumerate(text.splitlines(), 1):
        found = []
        # In Markdown a link's text is not a citation; its target is checked below.
        prose = MD_LINK_WHOLE.sub("", line) if markdown else line
        for m in ROOT_PATH.finditer(prose):
            found.append(resolve(root, "", m.group(1), m.group(2)))
        for m in BARE_NAME.finditer(prose):
            found.append(resolve(root, folder if markdown else "", m.group(1), m.group(2)))
        if markdown:
            for m in MD_LINK.finditer(line):
                target = m.group(1)
                if re.match(r"[a-z]+:", target):
                    continue
                path, _, anchor = target.partition("#")
                found.append(resolve(root, folder, path or os.path.basename(rel), anchor))
        for m in CLIMBING.finditer(line):
            target = os.path.normpath(os.path.join(root, folder, m.group(0)))
            if os.path.relpath(target, root).startswith(".."):
                found.append(f"'{m.group(0)}' lies outside the repository")
        if rel not in QUOTED:
            for pattern, why in FORBIDDEN:
                match = pattern.search(line)
                if match:
                    found.append(f"'{match.group(0)}': {why}")
            match = BARE_DEFECT.search(prose) if rel != DEFECT_HOME else None
            if match:
                found.append(f"'{match.group(0)}': a bare defect number: cite docs/zenflow.md#{match.group(0).lower()}")
        problems += [f"{rel}:{number}: {p}" for p in dict.fromkeys(found) if p]
    return problems


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        print("usage: check_citations.py REPO_ROOT", file=sys.stderr)
        return 2
    root = os.path.abspath(sys.argv[1])
    problems, checked = [], 0
    for rel in repo_files(root):
        if rel == SELF:
            continue
        try:
            with open(os.path.join(root, rel), encoding="utf-8") as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue
        checked += 1
        problems += check_file(root, rel, text)
    for p in problems:
        print(p)
    print(f"check_citations: {checked} files, {len(problems)} bad citations", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
