"""What each case executed, by unit, so that zfcheck can reuse its answer at a revision where none of that
changed (zf_upstream.py --units and --units-table; docs/upstream-engine.md, "Answers reused across revisions").

A unit is a function defined in a file's module-level or class-level code (under `if`, `try`, `with` and loops
too); the functions nested in it are part of it. Its fingerprint is a digest of its body's syntax tree with
line numbers counted from its `def` line, so the lines it runs map to any revision where it is the same.
Everything else in a file (imports, constants, class bodies and their fields, decorators, signatures and their
defaults) is the file's module level: one fingerprint per file, of its syntax tree with every unit's body left
out, without line numbers (a comment changes nothing).

A case's trace is one line of records separated by ";": "M <file> <module fingerprint, or - for a file the
revision lacks>" for each file whose module level the case can reach (every file loaded when it runs), then
"U <file> <unit> <fingerprint> <lines run, counted from the def line, comma-separated>" for each unit it ran.
"""
import ast
import bisect
import hashlib

import zf_coverage
import zf_marks

ABSENT = "-"


def digest(text):
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def syntax(node, base, out):
    """Appends the text of a syntax tree (node types, fields, values and positions) to `out`, its line numbers
    counted from `base`."""
    if isinstance(node, list):
        out.append("[")
        for item in node:
            syntax(item, base, out)
            out.append(",")
        out.append("]")
    elif isinstance(node, ast.AST):
        out.append(type(node).__name__ + "(")
        for name, value in ast.iter_fields(node):
            out.append(name + "=")
            syntax(value, base, out)
            out.append(",")
        for name in node._attributes:
            value = getattr(node, name, None)
            out.append(f"{name}={value - base if value is not None and name.endswith('lineno') else value},")
        out.append(")")
    else:
        out.append(repr(node))


def body_fingerprint(function):
    """The digest of a function's body, its line numbers counted from the def line."""
    out = []
    syntax(function.body, function.lineno, out)
    return digest("".join(out))


class FileUnits:
    """A file's units (name, def line, first body line, last line, fingerprint) and module fingerprint."""

    def __init__(self, text):
        tree = ast.parse(text)
        self.units = []
        seen = {}

        def walk(statements, prefix):
            for statement in statements:
                if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    name = prefix + statement.name
                    seen[name] = seen.get(name, 0) + 1
                    if seen[name] > 1:  # a property's setter, a redefinition: the n-th of that name
                        name += f"#{seen[name]}"
                    self.units.append((name, statement.lineno, statement.body[0].lineno, statement.end_lineno,
                                       body_fingerprint(statement)))
                    statement.body = [ast.Pass()]
                elif isinstance(statement, ast.ClassDef):
                    walk(statement.body, prefix + statement.name + ".")
                else:
                    for field in ("body", "orelse", "finalbody"):
                        walk(getattr(statement, field, None) or [], prefix)
                    for handler in getattr(statement, "handlers", None) or []:
                        walk(handler.body, prefix)

        walk(tree.body, "")
        self.module = digest(ast.dump(tree))
        self.units.sort(key=lambda unit: unit[2])
        self.starts = [unit[2] for unit in self.units]

    def unit_at(self, line):
        """The unit whose body holds `line`; None for a module-level line."""
        at = bisect.bisect_right(self.starts, line) - 1
        if at >= 0 and line <= self.units[at][3]:
            return self.units[at]
        return None


class UnitTracer:
    """zf_marks' statement marks in the files, read per case as a trace (the module docstring's form); the files
    are loaded with `marks.compile`."""

    def __init__(self, sources):
        """`sources`: text by repository path, of the files the runner loads."""
        self.files = {path: FileUnits(text) for path, text in sources.items()}
        self.marks = zf_marks.StatementMarks(list(self.files))
        self.defined = set()  # the trace ids this runner has given the text of
        self.known = {}  # (reach, lines that ran) -> (trace id, text): cases that ran the same lines

    def take(self):
        """The lines run since the last take(): (path, lines) for each file with some, in a fixed order."""
        return tuple((path, frozenset(lines)) for path, lines in self.marks.take().items())

    def trace(self, reach, modules):
        """(trace id, the trace's text the first time this runner gives that id, else "") for what ran since
        the last call; `reach` the files whose module level the case can reach, `modules` their fingerprints."""
        ran_lines = self.take()
        key = (reach, ran_lines)
        known = self.known.get(key)
        if known is None:
            known = self.known[key] = self._trace_of(reach, modules, ran_lines)
        trace_id, text = known
        if trace_id in self.defined:
            return trace_id, ""
        self.defined.add(trace_id)
        return trace_id, text

    def _trace_of(self, reach, modules, ran_lines):
        """(trace id, trace text) of lines that ran (pairs of a path and its lines)."""
        records = [f"M {path} {modules.get(path, ABSENT)}" for path in sorted(reach)]
        for path, lines in sorted(ran_lines):
            units = self.files[path]
            ran = {}
            for line in lines:
                unit = units.unit_at(line)
                if unit is not None:
                    ran.setdefault(unit, []).append(line - unit[1])
            for unit in sorted(ran):
                records.append(f"U {path} {unit[0]} {unit[4]} {','.join(map(str, sorted(ran[unit])))}")
        text = ";".join(records)
        return digest(text), text

    def table(self, sources, modules, at_load):
        """The revision's units for zfcheck: `modules` (every file's module fingerprint, data files and the
        files the revision lacks too) and per file its units (name, def line, fingerprint), the lines with code
        (`sources` its text) and the lines that ran loading it (`at_load`)."""
        executable = zf_coverage.file_lines(sources)
        files = {path: {"units": [[u[0], u[1], u[4]] for u in units.units],
                        "executable": sorted(executable[path]),
                        "at_load": sorted(at_load.get(path, ()))} for path, units in self.files.items()}
        return {"modules": modules, "files": files}

    def modules(self, paths):
        """The module fingerprint of each of `paths` (ABSENT for one not loaded)."""
        return {path: self.files[path].module if path in self.files else ABSENT for path in paths}
