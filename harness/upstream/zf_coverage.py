"""Which lines of upstream's files the runner executed (zf_upstream.py --coverage): coverage.py when this
Python has it, else a line tracer of its own (sys.settrace, and threading.settrace for the threads started
later) that follows only frames of those files. zf_topk_upstream.py --coverage uses it too.

After the cases of a batch zfcheck sends REQUEST as one more input line; the runner answers with one line,
{"coverage": {"tool": ..., "files": {path: {"executable": [...], "executed": [...]}}}}, and the count
starts again. "executable" are the lines the compiled file has code for (comments, blank lines and the
continuation lines of a statement have none); "executed" are those that ran on the batch's cases or when
the modules were loaded (which happens once per runner, so every answer includes it).
"""
import sys
import threading

REQUEST = '{"zfcheck": "coverage"}'


def code_lines(code):
    """The line numbers that have code in a compiled code object (every nested function and class too)."""
    lines, stack = set(), [code]
    while stack:
        code = stack.pop()
        lines.update(line for _, _, line in code.co_lines() if line is not None and line > 0)
        stack.extend(c for c in code.co_consts if hasattr(c, "co_lines"))
    return lines


def file_lines(sources):
    """Per file name, the lines that have code in its whole text (`sources`: text by file name)."""
    return {f: code_lines(compile(text, f, "exec")) for f, text in sources.items()}


class OwnTracer:
    """sys.settrace restricted to the files: other frames get no local tracer, so they cost one lookup."""

    name = "zfcheck's line tracer, sys.settrace"

    def __init__(self, filenames):
        self.lines = {f: set() for f in filenames}
        self.local = {f: self._local_tracer(lines) for f, lines in self.lines.items()}

    @staticmethod
    def _local_tracer(lines):

        def trace(frame, event, arg):
            if event == "line":
                lines.add(frame.f_lineno)
            return trace

        return trace

    def _call(self, frame, event, arg):
        local = self.local.get(frame.f_code.co_filename)
        if local is not None:
            self.lines[frame.f_code.co_filename].add(frame.f_lineno)
        return local

    def start(self):
        sys.settrace(self._call)
        threading.settrace(self._call)  # the top-k runner's ranks are threads

    def take(self):
        """The lines executed since the last take()."""
        taken = {f: set(lines) for f, lines in self.lines.items()}
        for lines in self.lines.values():
            lines.clear()
        return taken


class CoveragePy:
    """coverage.py, measuring only the files (its include patterns)."""

    def __init__(self, coverage, filenames):
        self.name = "coverage.py " + coverage.__version__
        self.filenames = filenames
        self.cov = coverage.Coverage(data_file=None, include=["*/" + f for f in filenames], config_file=False)

    def start(self):
        self.cov.start()

    def take(self):
        self.cov.stop()
        data = self.cov.get_data()
        taken = {f: set() for f in self.filenames}
        for measured in data.measured_files():
            for f in self.filenames:
                if measured.endswith("/" + f):
                    taken[f].update(data.lines(measured) or ())
        self.cov.erase()
        self.cov.start()
        return taken


class Recorder:
    """Started before upstream's modules are loaded; loaded() once they are; answer() per REQUEST."""

    def __init__(self, executable, own_tracer=False):
        """`executable`: per file the runner executes, by the file name it is compiled under, the lines it
        can run (file_lines() of the whole file, or of the parts it compiles); `own_tracer`: never coverage.py
        (code compiled from text under a repository path, which coverage.py may not find as a file)."""
        self.executable = executable
        try:
            if own_tracer:
                raise ImportError("the runner's code is not in files coverage.py can find")
            import coverage
            self.tool = CoveragePy(coverage, list(executable))
        except ImportError:
            self.tool = OwnTracer(list(executable))
        self.at_load = {}
        self.tool.start()

    def loaded(self):
        self.at_load = self.tool.take()

    def answer(self):
        executed = self.tool.take()
        files = {f: {"executable": sorted(lines),
                     "executed": sorted((executed[f] | self.at_load.get(f, set())) & lines)}
                 for f, lines in self.executable.items()}
        return {"coverage": {"tool": self.tool.name, "files": files}}
