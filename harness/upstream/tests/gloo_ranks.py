"""Runs one top-k problem's ranks as real processes over torch.distributed (gloo on 127.0.0.1), each rank the
runner's own rank body, to check the runner's lockstep simulation against real collectives.

Each collective is made to synchronise every rank, as NCCL's do (gloo's broadcast returns at its source once
the data is sent, so a barrier follows each call; an empty one moves nothing, and gloo never returns from an
empty all_gather, so it is the barrier alone); a rank whose collective fails within `timeout` seconds (its peers
never made it) is reported blocked in that call. The processes stay alive until every rank has reported, so a
finished rank's exit never ends a peer's wait early.
"""
import datetime
import multiprocessing
import os
import socket
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import zf_topk_upstream as runner  # noqa: E402


class GlooDist:
    """What upstream calls `dist`, over a real process group; counts the calls as the lockstep does."""

    def __init__(self, distributed):
        self.distributed = distributed
        self.calls = 0
        self.blocked = None

    def get_rank(self, group=None):
        return self.distributed.get_rank()

    def get_world_size(self, group=None):
        return self.distributed.get_world_size()

    def broadcast(self, tensor, src, group=None, async_op=False):
        self.collective("broadcast", tensor, lambda: self.distributed.broadcast(tensor, src))

    def all_gather(self, tensor_list, tensor, group=None, async_op=False):
        self.collective("all_gather", tensor, lambda: self.distributed.all_gather(tensor_list, tensor))

    def collective(self, name, tensor, operation):
        call = self.calls
        self.calls += 1
        try:
            if tensor.numel():
                operation()
            self.distributed.barrier()
        except RuntimeError:
            self.blocked = {"collective": name, "call": call}
            raise runner.Blocked()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rank_process(deepspeed, rev, problem, rank, port, timeout, results, release):
    import torch
    import torch.distributed as distributed
    distributed.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank,
                                   world_size=problem["world_size"], timeout=datetime.timedelta(seconds=timeout))
    revision = runner.Revision(deepspeed, rev)
    rank_run, _ = runner.STAGES[problem["stage"]]
    dist = GlooDist(distributed)
    try:
        outcome, _ = runner.run_rank(lambda r, d: rank_run(torch, revision, problem, "cpu", r, d), rank, dist,
                                     revision)
    except runner.Blocked:
        outcome = {"blocked": dist.blocked}
    results.put((rank, outcome))
    release.wait()


def gloo_outcomes(deepspeed, rev, problem, timeout=3):
    """Every rank's outcome, rank order: {"ok": True}, {"raised": {...}} or {"blocked": {"collective", "call"}}."""
    context = multiprocessing.get_context("spawn")
    results, release = context.Queue(), context.Event()
    port = free_port()
    processes = [
        context.Process(target=rank_process, args=(deepspeed, rev, problem, rank, port, timeout, results, release))
        for rank in range(problem["world_size"])
    ]
    for p in processes:
        p.start()
    try:
        outcomes = dict(results.get(timeout=60 + timeout) for _ in processes)
    finally:
        release.set()
        for p in processes:
            p.join(10)
            if p.is_alive():
                p.kill()
    return [outcomes[r] for r in range(problem["world_size"])]
