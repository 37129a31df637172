#!/usr/bin/env python3
"""Runs a DeepSpeed revision's own top-k column selection on `topk` problems (JSON Lines in and out).

Each problem is one selection boundary of one bucket, run on every rank: stages 1/2 build a ZeRO
optimizer's partition with upstream's own `flatten_dense_tensors_aligned`, `get_data_parallel_partitions`
and `initialize_gradient_partition`, then call `average_tensor` (which calls `update_selected_channels`);
stage 3 calls `engine_stage3.update_selected_channels`. Those functions are read from the revision's files
and executed as they are written, on real torch tensors; what they reach outside themselves is the
runner's: `dist` (the ranks in lockstep, below), the accelerator (this process's device), the reduction
(the bucket already holds the reduced gradient), timers. No selection rule is written here: every value
in a result is read off upstream's objects after its code ran.

Ranks run in lockstep: one thread per rank, each calling upstream's code with its own rank and its own
parameter objects; the k-th collective call of every rank is one collective, completed when all ranks
have made it (a broadcast copies its source rank's tensor, an all_gather every rank's). A rank that
raises or returns never makes its later calls: the ranks waiting in one are reported `blocked`, never
waited on. See docs/topk-format.md ("upstream's run") for the result's keys.

Usage: zf_topk_upstream.py --deepspeed PATH [--rev REV] [--device DEVICE] [--ready] [--coverage] < problems.jsonl > results.jsonl
       zf_topk_upstream.py --deepspeed PATH [--rev REV] --selection-key   (one line: what the answers depend on)
       zf_topk_upstream.py --list-files   (the files it reads, one per line)
Needs torch (exit status 4 without it, naming the interpreter; 5 where it cannot use --device).
"""
import argparse
import ast
import json
import math
import os
import subprocess
import sys
import threading
import types

STAGE12_FILE = "deepspeed/runtime/zenflow/zenflow_stage_1_and_2.py"
ZERO12_FILE = "deepspeed/runtime/zero/stage_1_and_2.py"
UTILS_FILE = "deepspeed/runtime/utils.py"
STAGE3_FILE = "deepspeed/runtime/zenflow/engine_stage3.py"
# The functions run, by file; a stage whose file or function the revision lacks is answered RunnerError.
FUNCTIONS = {
    STAGE12_FILE: ("average_tensor", "update_selected_channels"),
    ZERO12_FILE: ("flatten_dense_tensors_aligned", "get_data_parallel_partitions", "initialize_gradient_partition"),
    UTILS_FILE: ("align_dense_tensors", ),
    STAGE3_FILE: ("update_selected_channels", ),
}
MISSING_TORCH_STATUS = 4
UNUSABLE_DEVICE_STATUS = 5
DTYPES = ("float32", "bfloat16", "float16")


class RunnerError(Exception):
    """The runner, not upstream, cannot answer the problem (a file or function the revision lacks, a
    name the functions use that the runner does not provide)."""


class Blocked(BaseException):
    """Ends a rank's thread that waits in a collective no other rank can complete (a BaseException, so
    that upstream's own `except Exception` never catches it)."""


# ---------------------------------------------------------------- the revision's functions


def read_file(deepspeed, rev, path):
    if rev is None:
        try:
            with open(os.path.join(deepspeed, path), encoding="utf-8") as f:
                return f.read()
        except OSError:
            return None
    shown = subprocess.run(["git", "-C", deepspeed, "show", f"{rev}:{path}"], capture_output=True, text=True)
    return shown.stdout if shown.returncode == 0 else None


class Revision:
    """The revision's functions, each compiled from its own source text, by (file, name)."""

    def __init__(self, deepspeed, rev):
        self.texts = {}  # the files' texts, by repository path
        self.functions = {}
        self.nodes = {}
        self.param_loops = {}
        self.constants = {}
        self.missing = {}
        for path, names in FUNCTIONS.items():
            text = read_file(deepspeed, rev, path)
            if text is None:
                self.missing[path] = f"{path} is absent"
                continue
            self.texts[path] = text
            tree = ast.parse(text)
            self.constants[path] = literal_assignments(tree)
            found = {node.name: node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
            for name in names:
                if name not in found:
                    self.missing[path] = f"{path} has no function {name}"
                    continue
                node = found[name]
                self.nodes[(path, name)] = node
                self.param_loops[(path, name)] = param_loops(node)
                module = ast.Module(body=[node], type_ignores=[])
                self.functions[(path, name)] = compile(module, path, "exec")
            if path == ZERO12_FILE:
                self.alignment_factor = attribute_constant(tree, "nccl_start_alignment_factor")

    def selection_key(self):
        """What every answer depends on at this revision, and where its functions lie: {"key": a digest of each
        file's absence or literal constants, nccl_start_alignment_factor and the functions run (their syntax
        trees, line numbers counted from each def line), "functions": [[file, name, first line (its first
        decorator's), def line, last line], ...]}. Two revisions with one key give every problem the same
        answer, and a line that ran in a function at one maps to the other by the difference of def lines."""
        import zf_units  # here only, as zf_coverage with --coverage: a GPU check's pack carries this script alone
        text = [repr(sorted(self.missing.items())), repr(getattr(self, "alignment_factor", None))]
        spans = []
        for path in FUNCTIONS:
            text.append(f"{path} {sorted(self.constants.get(path, {}).items())!r}")
        for (path, name), node in self.nodes.items():
            text.append(f"{path} {name} ")
            zf_units.syntax(node, node.lineno, text)
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            spans.append([path, name, first, node.lineno, node.end_lineno])
        return {"key": zf_units.digest("\n".join(text)), "functions": spans}

    def executable_lines(self, code_lines):
        """Per file it reads, the lines of the functions it runs (`code_lines` of each compiled function):
        a changed line elsewhere in the file is not the selection's."""
        lines = {path: set() for path in self.texts}
        for (path, _), code in self.functions.items():
            lines[path] |= code_lines(code)
        return lines

    def load(self, path, namespace):
        """Defines the file's functions in `namespace` (their globals), with the file's literal constants."""
        if path in self.missing:
            raise RunnerError(self.missing[path])
        namespace.update(self.constants[path])
        for (file, _), code in self.functions.items():
            if file == path:
                exec(code, namespace)
        return namespace


def literal_assignments(tree):
    """The module's top-level NAME = <literal> assignments (timer names and the like)."""
    values = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                values[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    return values


def attribute_constant(tree, attribute):
    """The constant assigned to self.<attribute> somewhere in the file (None: never)."""
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                and any(isinstance(t, ast.Attribute) and t.attr == attribute for t in node.targets)):
            return node.value.value
    return None


# ---------------------------------------------------------------- the ranks in lockstep


class Lockstep:
    """The collectives of one run: rank r's k-th call meets every other rank's k-th call. A rank waits
    until the call is complete, or until no rank is running any more (every rank returned, raised or
    waits) while some rank that finished never made it: then it is blocked, waiting on those ranks. The
    answer does not depend on how the threads were scheduled."""

    def __init__(self, world):
        self.world = world
        self.cv = threading.Condition()
        self.calls = [[] for _ in range(world)]  # per rank, its calls so far: (name, src, tensor)
        self.sent = {}  # call -> every rank's tensor as it was when the last rank made the call
        self.done = [False] * world  # the rank returned or raised
        self.waiting = set()
        self.blocked = [None] * world

    def finished(self, rank):
        with self.cv:
            self.done[rank] = True
            self.cv.notify_all()

    def meet(self, rank, name, src):
        """Rank `rank` makes its next collective; every rank's tensor for it once all made it (a
        mismatched or never-completed call raises Blocked)."""
        with self.cv:
            k = len(self.calls[rank]) - 1
            self.waiting.add(rank)
            self.cv.notify_all()
            while not self.complete(k):
                if all(self.done[q] or (q in self.waiting and not self.complete(len(self.calls[q]) - 1))
                       for q in range(self.world)):
                    self.waiting.discard(rank)
                    absent = [q for q in range(self.world) if len(self.calls[q]) <= k]
                    self.blocked[rank] = {"collective": name, "call": k, "waiting_on": absent}
                    raise Blocked()
                self.cv.wait()
            self.waiting.discard(rank)
            if k not in self.sent:
                self.sent[k] = [self.calls[q][k][2].clone() for q in range(self.world)]
            other = next((q for q in range(self.world) if self.calls[q][k][:2] != (name, src)), None)
            if other is not None:
                name_q, src_q, _ = self.calls[other][k]
                self.blocked[rank] = {"collective": name, "call": k, "waiting_on": [other],
                                      "mismatch": f"rank {other} made {name_q}(src={src_q}) there"}
                raise Blocked()
            return self.sent[k]

    def complete(self, k):
        """Every rank made its k-th call."""
        return all(len(self.calls[q]) > k for q in range(self.world))

    def call(self, rank, name, src, tensor):
        with self.cv:
            self.calls[rank].append((name, src, tensor))
        return self.meet(rank, name, src)


class LockstepDist:
    """What upstream calls `dist` (deepspeed.comm), for one rank."""

    def __init__(self, lockstep, rank):
        self.lockstep, self.rank = lockstep, rank

    def get_rank(self, group=None):
        return self.rank

    def get_world_size(self, group=None):
        return self.lockstep.world

    def broadcast(self, tensor, src, group=None, async_op=False):
        sent = self.lockstep.call(self.rank, "broadcast", src, tensor)
        tensor.copy_(sent[src])

    def all_gather(self, tensor_list, tensor, group=None, async_op=False):
        sent = self.lockstep.call(self.rank, "all_gather", None, tensor)
        for out, part in zip(tensor_list, sent):
            out.copy_(part)


def run_rank(body, rank, dist, revision):
    """Runs body(rank, dist) as one rank: its outcome (ok, or upstream's exception) and return value.
    Blocked and RunnerError pass through: they are not upstream's answer."""
    try:
        return {"ok": True}, body(rank, dist)
    except RunnerError:
        raise
    except Exception as e:  # upstream's own exception: the rank's outcome
        if isinstance(e, RuntimeError) and "not implemented for" in str(e):
            # This process's torch lacks a kernel upstream's device has (CPU topk of float16 in torch 1.13).
            raise RunnerError(f"this torch on this device cannot run the problem: {str(e).splitlines()[0]}")
        return {"raised": raised(e, revision)}, None


def run_ranks(world, body, revision):
    """Runs body(rank, dist) on every rank in lockstep; the per-rank outcomes and return values."""
    lockstep = Lockstep(world)
    outcomes, values = [None] * world, [None] * world
    failures = []

    def thread(rank):
        try:
            outcomes[rank], values[rank] = run_rank(body, rank, LockstepDist(lockstep, rank), revision)
        except Blocked:
            outcomes[rank] = {"blocked": lockstep.blocked[rank]}
        except RunnerError as e:
            failures.append(e)
            outcomes[rank] = {"runner_error": str(e)}
        finally:
            lockstep.finished(rank)

    threads = [threading.Thread(target=thread, args=(r, ), daemon=True) for r in range(world)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if failures:
        raise failures[0]
    return outcomes, values


def raised(e, revision):
    """An exception upstream raised: its type, message, and the parameter upstream was on when it raised
    inside a loop over parameters (none where it raised on the bucket as a whole)."""
    out = {"type": type(e).__name__, "message": str(e).split("\n")[0]}
    tb = e.__traceback__
    while tb is not None:
        frame = tb.tb_frame
        loops = revision.param_loops.get((frame.f_code.co_filename, frame.f_code.co_name), ())
        param = frame.f_locals.get("param")
        if any(first <= tb.tb_lineno <= last for first, last in loops) and hasattr(param, "zf_index"):
            out["param"] = param.zf_index
        tb = tb.tb_next
    return out


def param_loops(node):
    """The line ranges of the loops of a function whose body is about one parameter, `param`."""

    def names(target):
        return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}

    ranges = []
    for loop in ast.walk(node):
        if isinstance(loop, ast.For):
            assigned = set().union(*(names(t) for n in ast.walk(loop) if isinstance(n, ast.Assign) for t in n.targets))
            if "param" in names(loop.target) | assigned:
                ranges.append((loop.lineno, loop.end_lineno))
    return ranges


# ---------------------------------------------------------------- what upstream's functions reach


class Accelerator:

    def __init__(self, device):
        self.device = device

    def current_device_name(self):
        return self.device

    def resolves_data_dependency(self):
        return True

    def current_stream(self):
        return None

    def stream(self, stream):
        return NullContext()


class NullContext:

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class Timer:

    def start(self):
        pass

    def stop(self):
        pass


def torch_on(torch, device):
    """torch as upstream's code sees it: tensors it creates on a device land on the runner's device."""
    proxy = types.ModuleType("torch")
    proxy.__dict__.update({k: getattr(torch, k) for k in dir(torch) if not k.startswith("__")})

    def placed(make):

        def call(*args, **kwargs):
            if "device" in kwargs:
                kwargs["device"] = device
            return make(*args, **kwargs)

        return call

    for name in ("tensor", "zeros", "empty", "ones", "full"):
        setattr(proxy, name, placed(getattr(torch, name)))
    return proxy


# ---------------------------------------------------------------- one problem


def problem_tensors(torch, problem, device):
    dtype = getattr(torch, problem["dtype"])
    return [torch.tensor([float(v) for v in p["grad"]], dtype=torch.float32).to(dtype).to(device)
            for p in problem["params"]]


def stage12_rank(torch, revision, problem, device, rank, dist):
    """One rank's selection at stages 1/2: its parameters (with upstream's selection on them) and the chunks
    update_selected_channels planned."""
    world = problem["world_size"]
    shapes = [tuple(p["shape"]) for p in problem["params"]]
    order = problem.get("bucket_order", list(range(len(shapes))))
    grads = problem_tensors(torch, problem, device)
    dtype = getattr(torch, problem["dtype"])
    ns = revision.load(STAGE12_FILE, {"torch": torch_on(torch, device), "dist": dist, "math": math,
                                      "get_accelerator": lambda: Accelerator(device)})
    zero = revision.load(ZERO12_FILE, {"torch": torch_on(torch, device), "dist": dist, "math": math})
    zero.update(revision.load(UTILS_FILE, {"torch": torch_on(torch, device)}))
    params = []
    for index, shape in enumerate(shapes):
        # A parameter is its transposed layout's view (column j's rows contiguous), as ZenFlow's is.
        param = torch.zeros(shape[::-1], dtype=dtype, device=device).t() if len(shape) == 2 else \
            torch.zeros(shape, dtype=dtype, device=device)
        param.zf_index = index
        params.append(param)
    opt = types.SimpleNamespace()
    opt.flatten = torch._utils._flatten_dense_tensors
    opt.real_dp_process_group = [None]
    opt.dp_process_group = None
    factor = revision.alignment_factor
    if not isinstance(factor, int):
        raise RunnerError(f"{ZERO12_FILE} sets no constant nccl_start_alignment_factor")
    flat = zero["flatten_dense_tensors_aligned"](opt, params, factor * world)
    partitions = zero["get_data_parallel_partitions"](opt, flat, 0)
    opt.partition_size = [len(partitions[0])]
    opt.param_to_partition_ids = {0: {}}
    opt.total_grads_in_partition = {0: {}}
    opt.is_grad_computed = {0: {p: {} for p in range(world)}}
    opt.grad_partition_insertion_offset = {0: {p: {} for p in range(world)}}
    opt.grad_start_offset = {0: {p: {} for p in range(world)}}
    opt.get_param_id = lambda param: param.zf_index
    for partition_id in range(world):
        zero["initialize_gradient_partition"](opt, 0, params, partition_id)
    opt.bit16_groups = [params]
    opt.topk_ratio = float(problem["topk_ratio"])
    opt.param_id_index_buffer_offset = {}
    opt.overlap_comm = False
    opt.reduce_scatter = True
    opt.use_multi_rank_bucket_allreduce = False
    opt.sequence_parallel_size = world  # the division before the reduction is by 1: the bucket is reduced
    opt.reduce_bucket_size = 1 << 62
    opt.allreduce_no_retain = lambda *args, **kwargs: None
    opt.timers = lambda name: Timer()
    opt.is_zenflow_select_boundary = lambda: True
    opt.zenflow = False  # the selection only: the index use of the selected gradient is not run
    opt.ipg_buckets = {dtype: types.SimpleNamespace(params=[(0, i, i) for i in order], has_moe_params=False)}
    opt.update_selected_channels = types.MethodType(ns["update_selected_channels"], opt)
    bucket = torch.cat([grads[i] for i in order]) if order else torch.zeros(0, dtype=dtype, device=device)
    trace = ChunkTrace(ns["update_selected_channels"].__code__,
                       revision.nodes[(STAGE12_FILE, "update_selected_channels")])
    with trace:
        ns["average_tensor"](opt, bucket, dtype)
    return params, trace.chunks


class ChunkTrace:
    """Records, on the thread it is entered on, each chunk update_selected_channels plans: its locals
    (param_id, partition_id, offset, numel, start_column, end_column, num_select) at the statement after
    `num_select = ...`, the last of them it assigns."""

    NAMES = ("param_id", "partition_id", "offset", "numel", "start_column", "end_column", "num_select")

    def __init__(self, code, node):
        self.code = code
        self.chunks = []
        self.last = None
        lines = [n.lineno for n in ast.walk(node)
                 if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "num_select" for t in n.targets)]
        if len(lines) != 1:
            raise RunnerError(f"update_selected_channels in {STAGE12_FILE} assigns num_select {len(lines)} times, not once")
        self.assign_line = lines[0]

    def __enter__(self):
        self.outer = sys.gettrace()  # zf_coverage's line tracer, with --coverage: it keeps every event
        sys.settrace(self.global_trace)
        return self

    def __exit__(self, *exc):
        sys.settrace(self.outer)
        return False

    def global_trace(self, frame, event, arg):
        outer = self.outer(frame, event, arg) if self.outer is not None else None
        if frame.f_code is not self.code:
            return outer

        def local_trace(frame, event, arg):
            nonlocal outer
            self.record(frame, event)
            if outer is not None:
                outer = outer(frame, event, arg)
            return local_trace

        return local_trace

    def record(self, frame, event):
        if event == "line":
            if self.last == self.assign_line:
                local = frame.f_locals
                self.chunks.append({k: local.get(k) for k in self.NAMES})
            self.last = frame.f_lineno


def index_dtype(tensor):
    return str(tensor.dtype).replace("torch.", "")


def unanswered(problem, outcomes, skipped):
    """Per parameter when some rank did not return: the parameter a rank raised on gets upstream's error,
    the others no answer (the run selected nothing)."""
    errors = {}
    for outcome in outcomes:
        if "raised" in outcome and "param" in outcome["raised"]:
            errors.setdefault(outcome["raised"]["param"], outcome["raised"])
    out = []
    for i in range(len(problem["params"])):
        if i in errors:
            out.append({"error": {"type": errors[i]["type"], "message": errors[i]["message"]}})
        elif skipped(i):
            out.append({"selected": [], "skipped": True, "unanswered": True})
        else:
            out.append({"unanswered": True})
    return out


def stage12_params(problem, outcomes, values):
    if not all("ok" in o for o in outcomes):
        return unanswered(problem, outcomes, lambda i: len(problem["params"][i]["shape"]) == 1)
    params0, chunks = values[0]
    out = []
    for i, param in enumerate(params0):
        if param.dim() == 1:
            out.append({"selected": [], "chunks": [], "skipped": True})
            continue
        planned = [c for c in chunks if c["param_id"] == i]
        picked = param.partition_selected_indices
        answer = {"chunks": [], "selected": [], "dtype": index_dtype(param.selected_indices)}
        for plan, indices in zip(planned, picked):
            answer["chunks"].append({"rank": plan["partition_id"], "offset": plan["offset"], "numel": plan["numel"],
                                     "start_column": plan["start_column"], "end_column": plan["end_column"],
                                     "num_select": plan["num_select"], "indices": indices.tolist()})
            answer["selected"] += indices.tolist()
        out.append(answer)
    return out


class Stage3Param:
    """A ZeRO-3 parameter as engine_stage3 reads it: ds_shape is the transposed shape (C, R)."""

    def __init__(self, index, shape, world):
        self.zf_index = index
        self.ds_id = index
        self.ds_shape = (shape[1], shape[0]) if len(shape) == 2 else tuple(shape)
        self.ds_numel = math.prod(shape)
        self.part = -(-self.ds_numel // world)  # ceil(N / world): ZeRO-3's partition of one parameter
        self.grad = True

    def partition_numel(self):
        return self.part


def stage3_rank(torch, revision, problem, device, rank, dist):
    """One rank's selection at stage 3: its parameters, with upstream's selection on them."""
    world = problem["world_size"]
    shapes = [p["shape"] for p in problem["params"]]
    grads = problem_tensors(torch, problem, device)
    dtype = getattr(torch, problem["dtype"])
    ns = revision.load(STAGE3_FILE, {"torch": torch_on(torch, device), "dist": dist, "math": math})
    params = [Stage3Param(i, shape, world) for i, shape in enumerate(shapes)]
    parts = []
    for param, grad in zip(params, grads):
        padded = torch.cat([grad, torch.zeros(param.part * world - param.ds_numel, dtype=dtype, device=device)])
        parts.append(padded.narrow(0, param.part * rank, param.part))
    opt = types.SimpleNamespace(dp_process_group=None, param_id_grad_sum_buffer_offset={}, dtype=dtype,
                                topk_ratio=float(problem["topk_ratio"]))
    ns["update_selected_channels"](opt, params, parts)
    return params


def stage3_params(problem, outcomes, values):
    world = problem["world_size"]
    shapes = [p["shape"] for p in problem["params"]]
    if not all("ok" in o for o in outcomes):
        return unanswered(problem, outcomes, lambda i: len(shapes[i]) == 1 or shapes[i][0] == 1)
    out = []
    for i, shape in enumerate(shapes):
        if len(shape) == 1 or shape[0] == 1:
            out.append({"selected": [], "ranks": [], "skipped": True})
            continue
        answer = {"selected": [], "ranks": []}
        for rank in range(world):
            param = values[rank][i]
            if param.part * rank >= param.ds_numel:
                continue
            start_column = (param.complete_column_offset + param.part * rank) // shape[0]
            local = param.selected_indices.tolist()
            answer["ranks"].append({"rank": rank, "start_column": start_column, "local_indices": local,
                                    "dtype": index_dtype(param.selected_indices)})
            answer["selected"] += [int(j) + start_column for j in local]
        answer["selected"].sort()
        out.append(answer)
    return out


# Per stage: one rank's run, and the per-parameter answers from every rank's.
STAGES = {1: (stage12_rank, stage12_params), 2: (stage12_rank, stage12_params), 3: (stage3_rank, stage3_params)}


def answer(torch, revision, problem, device):
    rank_run, params_of = STAGES[problem["stage"]]
    outcomes, values = run_ranks(problem["world_size"],
                                 lambda rank, dist: rank_run(torch, revision, problem, device, rank, dist), revision)
    params = params_of(problem, outcomes, values)
    ranks = [dict({"rank": r}, **o) for r, o in enumerate(outcomes)]
    return {"params": params, "outcome": ranks}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deepspeed")
    parser.add_argument("--rev")
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--list-files", action="store_true")
    parser.add_argument("--selection-key", action="store_true",
                        help="print the revision's selection key (Revision.selection_key) instead of answers; needs no torch")
    parser.add_argument("--ready", action="store_true", help='print {"ready": true} once torch and the files are loaded')
    parser.add_argument("--coverage", action="store_true",
                        help="record the lines of the revision's files that run (zf_coverage.py; the functions are "
                        "compiled under their repository paths, so their lines are the files' own)")
    args = parser.parse_args()
    if args.list_files:
        print("\n".join(FUNCTIONS))
        return 0
    if not args.deepspeed:
        parser.error("--deepspeed PATH is required")
    if args.selection_key:
        print(json.dumps(Revision(args.deepspeed, args.rev).selection_key()))
        return 0
    try:
        import torch
    except ImportError:
        print(f"zf_topk_upstream.py: {sys.executable} has no torch; install Debian's python3-torch for "
              "/usr/bin/python3, or point --python at a Python with torch", file=sys.stderr)
        return MISSING_TORCH_STATUS
    version = torch.__version__
    try:
        torch.zeros(1, device=args.device)
    except Exception as e:  # an unknown device, or one this torch was not built for or cannot reach
        print(f"zf_topk_upstream.py: torch {version} of {sys.executable} cannot use device {args.device!r}: "
              f"{str(e).splitlines()[0] if str(e) else type(e).__name__}", file=sys.stderr)
        return UNUSABLE_DEVICE_STATUS
    revision = Revision(args.deepspeed, args.rev)
    recorder = None
    if args.coverage:
        import zf_coverage
        recorder = zf_coverage.Recorder(revision.executable_lines(zf_coverage.code_lines), own_tracer=True)
        recorder.loaded()
    if args.ready:
        print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        if recorder is not None and line.strip() == zf_coverage.REQUEST:
            print(json.dumps(recorder.answer()), flush=True)
            continue
        problem = json.loads(line)
        out = {"id": problem.get("id")} if "id" in problem else {}
        if "partition" in problem and problem.get("stage") in (1, 2):
            out["error"] = {"type": "CaseError", "field": "partition",
                            "message": "upstream's code partitions the bucket itself; a problem that gives its own "
                                       "partition cannot run on it"}
            print(json.dumps(out), flush=True)
            continue
        try:
            out.update(answer(torch, revision, problem, args.device))
        except RunnerError as e:
            out["error"] = {"type": "RunnerError", "message": str(e)}
        out["torch"] = version
        print(json.dumps(out), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
