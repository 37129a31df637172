"""ctest: zf_marks' statement marks against Python's own line events. Marked code behaves as the code it marks
(values, docstrings, annotations, `from __future__`, exceptions), and the lines its marks record are the lines
sys.settrace reports (its line events) on code that skips parts of statements: short-circuits, conditional
expressions, assert messages, except clauses, lambdas and comprehensions, empty or filtered, but for what
zf_marks documents: a statement that raises midway counts all its lines, a `case` pattern counts with its body,
and a line event that runs none of its line's code (an empty comprehension's exit) does not count.

Usage: zf_marks_test.py (Python 3.10 or later, for the sample's `match`; the standard library only).
"""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "upstream"))
import zf_coverage  # noqa: E402
import zf_marks  # noqa: E402

FILE = "upstream/sample.py"
SAMPLE = '''"""The sample module's docstring."""
from __future__ import annotations

import functools

LIMIT = 3


def decorated(function):
    @functools.wraps(function)
    def wrapper(*args):
        return function(*args)
    return wrapper


class Config:
    """A class docstring."""
    size: int = 2
    "the size"

    @decorated
    def boundary(self, step,
                 interval):
        return (step == 0 or
                (interval != 0 and
                 step % interval == 0))

    def pick(self, values, floor):
        kept = [value * 2
                for value in values
                if value > floor]
        table = {key: value
                 for key, value in enumerate(values)}
        return sum(1
                   for value in values
                   if value), kept, table


def branches(x):
    """A function docstring."""
    if x > LIMIT:
        label = "big"
    elif x < 0:
        label = ("negative"
                 if x < -LIMIT
                 else "small negative")
    else:
        label = "small"
    scale = lambda factor: (x *
                            factor)
    try:
        assert x != 7, (
            "seven is refused")
        result = 10 // x
    except ZeroDivisionError as error:
        result = str(error)
    finally:
        label += "!"
    for step in range(x if x > 0 else 0):
        if step == 2:
            break
    else:
        label += "?"
    match x:
        case 1 | 2:
            label += " one or two"
        case _:
            pass
    return label, result, scale(2)


def typed(x: int or None) -> (int if LIMIT else str):
    return x


def raises_midway(x):
    total = (int(x) +
             1)
    return total


def counter():
    count = 0

    def bump():
        nonlocal count
        count += 1
        return count
    return bump
'''


def run_plain(calls):
    """The values of `calls` (functions of the module's namespace) on the sample compiled as it is, and the lines
    of the line events sys.settrace gave in it."""
    lines = set()

    def trace(frame, event, arg):
        if frame.f_code.co_filename != FILE:
            return None
        if event == "line":
            lines.add(frame.f_lineno)
        return trace

    namespace = {"__name__": "sample"}
    sys.settrace(trace)
    try:
        exec(compile(SAMPLE, FILE, "exec"), namespace)
        loaded = set(lines)
        lines.clear()
        values = [outcome(lambda: call(namespace)) for call in calls]
    finally:
        sys.settrace(None)
    return namespace, values, loaded, lines


def run_marked(calls):
    """run_plain's answers on the sample compiled with zf_marks' marks, and the lines the marks recorded."""
    marks = zf_marks.StatementMarks([FILE])
    namespace = {"__name__": "sample"}
    exec(marks.compile(SAMPLE, FILE, namespace), namespace)
    loaded = marks.take().get(FILE, set())
    values = [outcome(lambda: call(namespace)) for call in calls]
    ran = marks.take().get(FILE, set())
    return namespace, values, loaded, ran


def line_of(text):
    return SAMPLE.splitlines().index(text) + 1


def outcome(call):
    try:
        value = call()
    except Exception as e:  # compared as the exception's type and message
        return ("raised", type(e).__name__, str(e))
    return ("value", value() if callable(value) else repr(value))


CALLS = [
    lambda ns: ns["Config"]().boundary(0, 5),  # the `or` short-circuits: its second operand never runs
    lambda ns: ns["Config"]().boundary(4, 0),  # the `and` short-circuits
    lambda ns: ns["Config"]().pick([], 0),  # empty: no comprehension's result or condition runs
    lambda ns: ns["Config"]().pick([1, 2], 5),  # conditions run, every value filtered out
    lambda ns: ns["branches"](5),
    lambda ns: ns["branches"](-1),  # the conditional expression's else branch
    lambda ns: ns["branches"](0),  # except and finally
    lambda ns: ns["branches"](7),  # the assert message
    lambda ns: ns["counter"]()(),
]


class Marks(unittest.TestCase):

    def test_marked_code_behaves_as_the_code_it_marks(self):
        plain, plain_values, _, _ = run_plain(CALLS)
        marked, marked_values, _, _ = run_marked(CALLS)
        self.assertEqual(marked_values, plain_values)
        self.assertEqual(marked["__doc__"], "The sample module's docstring.")
        self.assertEqual(marked["Config"].__doc__, "A class docstring.")
        self.assertEqual(marked["branches"].__doc__, "A function docstring.")
        self.assertEqual(marked["Config"].__annotations__, plain["Config"].__annotations__)
        self.assertEqual(marked["Config"].__annotations__, {"size": "int"})  # from __future__ import annotations
        self.assertEqual(marked["typed"].__annotations__, plain["typed"].__annotations__)  # text, unmarked
        self.assertEqual(sorted(name for name in marked if not name.startswith("__")),
                         sorted(name for name in plain if not name.startswith("__")))

    def test_each_call_runs_the_lines_settrace_sees_but_where_no_code_of_theirs_ran(self):
        # Line events whose line's own code did not run: a pattern tried and failed (no expression to mark), and
        # an empty comprehension's exit, which CPython 3.11 puts on its condition's line.
        unmatched = {line_of("        case 1 | 2:")}
        empty_exit = {line_of("                if value > floor]")}
        for at, call in enumerate(CALLS):
            with self.subTest(call=at):
                _, _, _, traced = run_plain([call])
                _, _, _, marked = run_marked([call])
                self.assertLessEqual(marked, traced)
                self.assertLessEqual(traced - marked, unmatched | empty_exit)
        _, _, _, traced = run_plain([CALLS[4]])  # branches(5): its first pattern is tried, and fails
        _, _, _, marked = run_marked([CALLS[4]])
        self.assertEqual(traced - marked, unmatched)
        _, _, _, marked = run_marked([CALLS[3]])  # pick([1, 2], 5): the condition ran on both values
        self.assertLessEqual(empty_exit, marked)

    def test_loading_runs_the_lines_settrace_sees(self):
        _, _, traced, _ = run_plain([])
        _, _, marked, _ = run_marked([])
        self.assertEqual(sorted(marked), sorted(traced))

    def test_a_statement_that_raises_midway_counts_all_its_lines(self):
        line = line_of("    total = (int(x) +")
        _, _, _, traced = run_plain([lambda ns: ns["raises_midway"]("x")])
        _, values, _, marked = run_marked([lambda ns: ns["raises_midway"]("x")])
        self.assertEqual(values[0][:2], ("raised", "ValueError"))
        self.assertIn(line + 1, marked)
        self.assertEqual(sorted(marked - traced), [line + 1])

    def test_what_ran_is_within_the_lines_with_code_and_taken_once(self):
        code = zf_coverage.code_lines(compile(SAMPLE, FILE, "exec"))
        marks = zf_marks.StatementMarks([FILE])
        namespace = {}
        exec(marks.compile(SAMPLE, FILE, namespace), namespace)
        for call in CALLS:
            outcome(lambda: call(namespace))
        taken = marks.take()[FILE]
        self.assertTrue(taken)
        self.assertLessEqual(taken, code)
        self.assertEqual(marks.take(), {})
        marks.add({FILE: {1, 2}})
        self.assertEqual(marks.take(), {FILE: {1, 2}})


if __name__ == "__main__":
    unittest.main()
