"""Which lines of upstream's files ran, without a tracer (zf_upstream.py --units): each file is compiled with marks,
calls that add a number to the file's set, so the interpreter runs at full speed (sys.settrace puts every frame of
the process on the slow path, upstream's or not: 4.4 s against 2.4 s on 20,000 grid cases). Nothing else changes: a
mark binds no name and returns None; docstrings and `from __future__` imports stay first; every node keeps its
line numbers; annotations are left as they are.

A mark goes before every statement, and in front of each part of an expression that may not run when its statement
does: the operands after the first of `and` and `or`, both branches of `x if c else y`, an `assert`'s message, a
lambda's body, a comprehension's conditions and result (as `(mark or part)`, which is the part's value). Each mark
stands for the lines whose code runs when it does: a line counts with the innermost such part (or the statement)
that has an expression starting on it, so a statement counts its own lines (a compound statement its header:
decorators, the `if` test, the `for` target and iterable, the `with` items; an `except` clause its header when an
exception is matched against it), not those of the statements nested in it. Lines are those with code in the
compiled file (zf_coverage.code_lines): what ran is always a subset, and the same lines sys.settrace reports as
line events, but for a few things. A statement that raises midway counts all its lines (as coverage.py counts a
statement); a `case` clause's header counts only when its body runs (a pattern has no expression to mark; DeepSpeed
has no `match`); a function's first line does not count when it is called (sys.settrace's call event), only when
its `def` runs; a line event that runs none of its line's code (CPython 3.11 puts an empty comprehension's exit on
its condition's line) does not count.
"""
import ast

import zf_coverage

MARK = "__zfcheck_ran__"  # the name each marked module binds to its set's add (dunder: never name-mangled)
BODIES = ("body", "orelse", "finalbody", "handlers", "cases")  # where a statement nests statements or clauses
COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
ANNOTATIONS = ("annotation", "returns")  # an argument's or assignment's annotation, a function's return one


def is_docstring(statement):
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) and isinstance(
        statement.value.value, str)


def is_future_import(statement):
    return isinstance(statement, ast.ImportFrom) and statement.module == "__future__"


def first_line(node):
    """A statement's or clause's first line (a `case` clause's is its pattern's)."""
    return node.lineno if hasattr(node, "lineno") else node.pattern.lineno


def span(node):
    return range(node.lineno, node.end_lineno + 1)


def own_span(node):
    """The lines of `node` itself: from its first decorator to the line before its first nested statement or clause
    (the whole node if it nests none, its first line if one starts on that line)."""
    first = min([first_line(node), *(d.lineno for d in getattr(node, "decorator_list", ()))])
    nested = [first_line(s) for field in BODIES for s in getattr(node, field, None) or ()]
    last = max(min(nested) - 1, first_line(node)) if nested else node.end_lineno
    return range(first, last + 1)


def children(node):
    """The nodes directly under `node`, a statement's or clause's nested statements and annotations left out (under
    `from __future__ import annotations` an annotation is kept as its text, which a mark would change); a
    comprehension's generators by their parts."""
    if isinstance(node, COMPREHENSIONS):
        results = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
        return [part for g in node.generators for part in (g.target, g.iter, *g.ifs)] + results
    left_out = {id(s) for field in BODIES if isinstance(getattr(node, field, None), list) for s in getattr(node, field)}
    left_out |= {id(getattr(node, field)) for field in ANNOTATIONS if getattr(node, field, None) is not None}
    return [child for child in ast.iter_child_nodes(node) if id(child) not in left_out]


def optional_parts(node):
    """The parts of `node` that may not run when it does, each with the parts that have run whenever it has."""
    if isinstance(node, ast.BoolOp):
        return [(value, [value]) for value in node.values[1:]]
    if isinstance(node, ast.IfExp):
        return [(node.body, [node.body]), (node.orelse, [node.orelse])]
    if isinstance(node, ast.Assert):
        return [(node.msg, [node.msg])] if node.msg is not None else []
    if isinstance(node, ast.Lambda):
        return [(node.body, [node.body])]
    if not isinstance(node, COMPREHENSIONS):
        return []
    parts, ran = [], []
    for at, generator in enumerate(node.generators):  # the first iterable runs outside the comprehension
        ran = [*ran, generator.target, *([generator.iter] if at else [])]
        for condition in generator.ifs:
            ran = [*ran, condition]
            parts.append((condition, ran))
    results = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
    parts.append((results[0], [*ran, *results]))
    return parts


def walk(node):
    """(node, depth) for `node` (depth 0) and every node under it, parents first: the parts that have run when an
    optional part has are one deeper than its node."""
    stack = [(node, 0)]
    while stack:
        node, depth = stack.pop()
        yield node, depth
        inner = {id(p) for _, ran in optional_parts(node) for p in ran}
        stack.extend((child, depth + (id(child) in inner)) for child in reversed(children(node)))


def put(node, part, marked):
    """`marked` in place of `part` under `node`."""
    holders = [node, *getattr(node, "generators", ())]
    for holder in holders:
        for field, value in ast.iter_fields(holder):
            if value is part:
                setattr(holder, field, marked)
                return
            if isinstance(value, list) and any(item is part for item in value):
                setattr(holder, field, [marked if item is part else item for item in value])
                return


class Marker:
    """Marks a tree's statements and optional parts; `spans` gets each mark's number -> the lines it stands for."""

    def __init__(self, code, spans):
        self.code = code
        self.spans = spans

    def call(self, lines):
        """A new mark, standing for those of `lines` with code."""
        number = len(self.spans)
        self.spans[number] = frozenset(line for line in lines if line in self.code)
        return ast.Call(func=ast.Name(id=MARK, ctx=ast.Load()), args=[ast.Constant(number)], keywords=[])

    def before(self, line, lines):
        """A statement on `line` that is a new mark standing for `lines`."""
        return ast.Expr(value=self.call(lines), lineno=line, col_offset=0, end_lineno=line, end_col_offset=0)

    def marked(self, part, lines):
        """`(mark or part)`: the part's value, once a new mark standing for `lines` has run."""
        return ast.BoolOp(op=ast.Or(), values=[self.call(lines), part])

    def own(self, node):
        """The lines that count as run when `node` (a statement or clause) runs, its optional parts marked."""
        nodes = list(walk(node))
        starts, spanned = {}, {}  # line -> depth of the expressions starting on it / of the innermost part over it
        for child, depth in nodes:
            if isinstance(child, ast.expr):
                starts[child.lineno] = min(starts.get(child.lineno, depth), depth)
            for _, ran in optional_parts(child):
                for line in (line for p in ran for line in span(p)):
                    spanned[line] = max(spanned.get(line, 0), depth + 1)
        depths = {**spanned, **starts}
        for child, depth in nodes:
            for part, ran in optional_parts(child):
                lines = [line for p in ran for line in span(p) if depths.get(line, 0) == depth + 1]
                put(child, part, self.marked(part, lines))
        return [line for line in own_span(node) if depths.get(line, 0) == 0]

    def body(self, statements, header=()):
        """The statements, marked; `header`: lines of the clause that holds them (an `except`, a `case`), which
        count as run with the first statement."""
        out, at = [], 0
        while at < len(statements) and (is_docstring(statements[at]) and at == 0
                                        or is_future_import(statements[at])):
            out.append(statements[at])
            header = [*header, *own_span(statements[at])]
            at += 1
        for statement in statements[at:]:
            lines = [*header, *self.own(statement)]
            header = ()
            out.append(self.before(statement.lineno, lines))
            out.append(self.nested(statement))
        if header:  # a body that is all docstring and future imports
            out.append(self.before(statements[-1].lineno, header))
        return out

    def nested(self, statement):
        for field in ("body", "orelse", "finalbody"):
            if getattr(statement, field, None):
                setattr(statement, field, self.body(getattr(statement, field)))
        for clause in getattr(statement, "handlers", None) or ():
            header = self.own(clause)
            if clause.type is not None:  # its header runs when an exception is matched against it
                clause.type = self.marked(clause.type, header)
                header = ()
            clause.body = self.body(clause.body, header)
        for clause in getattr(statement, "cases", None) or ():
            clause.body = self.body(clause.body, self.own(clause))
        return statement


class StatementMarks:
    """Per file, the lines run since the last take(): compile() gives the marked code, take() the lines."""

    EXPANDED_LIMIT = 100000  # sets of marks remembered with their lines (the grid's cases run a few hundred)

    def __init__(self, filenames):
        self.hits = {f: set() for f in filenames}  # the numbers of the marks that ran
        self.spans = {f: {} for f in filenames}  # mark number -> the lines it stands for
        self.added = {f: set() for f in filenames}
        self.expanded = {}  # (file, marks that ran) -> the lines they stand for: cases run the same few sets

    def compile(self, text, filename, namespace):
        """`text` compiled as `filename` with its marks, which `namespace` (the module's globals) gets the
        function of."""
        code = zf_coverage.code_lines(compile(text, filename, "exec"))
        tree = ast.parse(text)
        tree.body = Marker(code, self.spans[filename]).body(tree.body)
        namespace[MARK] = self.hits[filename].add
        return compile(ast.fix_missing_locations(tree), filename, "exec")

    def take(self):
        """The lines run since the last take() (or add()ed), for each file with some."""
        taken = {}
        for f, hits in self.hits.items():
            added = self.added[f]
            if hits or added:
                key = frozenset(hits)
                lines = self.expanded.get((f, key))
                if lines is None:
                    if len(self.expanded) > self.EXPANDED_LIMIT:
                        self.expanded.clear()
                    spans = self.spans[f]
                    lines = self.expanded[(f, key)] = frozenset().union(*(spans[hit] for hit in key))
                taken[f] = lines | added if added else lines
                hits.clear()
                added.clear()
        return taken

    def add(self, taken):
        """Records lines as if they had run: take()'s answer, or one like it."""
        for f, lines in taken.items():
            self.added[f].update(lines)
