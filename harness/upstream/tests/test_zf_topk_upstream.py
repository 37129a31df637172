"""ctest: zf_topk_upstream.py, upstream's own top-k selection run with ranks in lockstep: the lockstep's
collectives, the runner's answers and per-rank outcomes on a checkout-shaped miniature, the lockstep against
real gloo processes, and (with DEEPSPEED_SRC naming a DeepSpeed clone) upstream's own code.

Usage: test_zf_topk_upstream.py ZFCHECK (under a Python with torch: Debian's python3-torch serves /usr/bin/python3);
the runner is also driven through `zfcheck topk --upstream`. Exits 77 (skipped) with the reason printed when
this Python has no torch.
"""
import json
import os
import subprocess
import sys
import tempfile
import threading
import unittest

ZFCHECK = sys.argv.pop(1) if len(sys.argv) > 1 else "zfcheck"
HERE = os.path.dirname(os.path.abspath(__file__))
RUNNER = os.path.join(HERE, "..", "zf_topk_upstream.py")
sys.path.insert(0, os.path.join(HERE, ".."))

try:
    import torch
except ImportError:
    torch = None

if torch is not None:
    import zf_topk_upstream as runner
    from gloo_ranks import gloo_outcomes
from test_conformance import git
from topk_fixture_checkout import COUNTS_1D, write_topk_checkout

STAGE3 = "deepspeed/runtime/zenflow/engine_stage3.py"
STAGE12 = "deepspeed/runtime/zenflow/zenflow_stage_1_and_2.py"
ZERO12 = "deepspeed/runtime/zero/stage_1_and_2.py"
UTILS = "deepspeed/runtime/utils.py"
COVERAGE_REQUEST = {"zfcheck": "coverage"}
# A bias [3] ahead of a (2, 3) weight (docs/zenflow.md#d39), stage 1, one rank.
BIAS_FIRST = {"id": "bias-first", "stage": 1, "topk_ratio": 0.5, "world_size": 1, "dtype": "float32",
              "params": [{"shape": [3], "grad": [1, -6, 11]}, {"shape": [2, 3], "grad": [-16, 21, -3, 8, -13, 18]}]}
TWO_RANKS = {"id": "two-ranks", "stage": 2, "topk_ratio": 0.5, "world_size": 2, "dtype": "float32",
             "params": [{"shape": [2, 3], "grad": [1, 2, 3, 4, 5, 6]},
                        {"shape": [2, 4], "grad": [1, 2, 3, 4, 5, 6, 7, 8]}]}
STAGE3_RANKS = {"id": "stage3", "stage": 3, "topk_ratio": 0.5, "world_size": 2, "dtype": "float32",
                "params": [{"shape": [2, 3], "grad": [1, 2, 3, 4, 5, 6]},
                           {"shape": [2, 4], "grad": [9, 9, 1, 1, 5, 5, 2, 2]}]}
# Upstream: a (1, 4) weight's chunks on ranks 1 and 2 overrun the index buffer, sized by the (2, 3) weight alone.
BLOCKS = {"id": "blocks", "stage": 1, "topk_ratio": 0.5, "world_size": 3, "dtype": "float32",
          "params": [{"shape": [2, 3], "grad": [1, -6, 11, -16, 21, -3]}, {"shape": [1, 4], "grad": [8, -13, 18, -23]}]}
# Upstream: stage 3, three ranks, a (6, 1) weight: rank 1's part lies inside its one column, so rank 1 raises
# and ranks 0 and 2 wait in the all_gather.
STAGE3_UPSTREAM = {"id": "stage3-upstream", "stage": 3, "topk_ratio": 0.5, "world_size": 3, "dtype": "float32",
                   "params": [{"shape": [6, 1], "grad": [1, -6, 11, -16, 21, -3]}]}


def run(deepspeed, problems, *extra, python=sys.executable):
    """The runner's output lines (parsed), exit status and stderr."""
    text = "".join(json.dumps(p) + "\n" for p in problems)
    done = subprocess.run([python, RUNNER, "--deepspeed", deepspeed, *extra], input=text, capture_output=True,
                          text=True, timeout=300)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    return lines, done.returncode, done.stderr


def zfcheck_topk(spec, lines, *extra, python=sys.executable):
    """`zfcheck topk --upstream SPEC` on the lines: its output lines (parsed), exit status and stderr."""
    done = subprocess.run([ZFCHECK, "topk", "--upstream", spec, "--python", python, *extra],
                          input="".join(line + "\n" for line in lines), capture_output=True, text=True, timeout=300)
    return [json.loads(line) for line in done.stdout.splitlines()], done.returncode, done.stderr


def lockstep(body, world):
    """The outcomes of body(rank, dist) on `world` ranks in lockstep."""
    return runner.run_ranks(world, body, runner.Revision("/nonexistent", None))


class LockstepCollectives(unittest.TestCase):

    def test_broadcast_copies_the_source_ranks_tensor(self):

        def body(rank, dist):
            t = torch.tensor([rank * 10])
            dist.broadcast(t, src=2)
            return t.item()

        outcomes, values = lockstep(body, 3)
        self.assertEqual(outcomes, [{"ok": True}] * 3)
        self.assertEqual(values, [20, 20, 20])

    def test_all_gather_gives_every_rank_every_tensor(self):

        def body(rank, dist):
            t = torch.tensor([rank])
            out = [torch.zeros(1, dtype=torch.int64) for _ in range(3)]
            dist.all_gather(out, t)
            return [o.item() for o in out]

        outcomes, values = lockstep(body, 3)
        self.assertEqual(values, [[0, 1, 2]] * 3)

    def test_a_rank_that_raises_leaves_the_others_blocked_waiting_on_it(self):

        def body(rank, dist):
            t = torch.zeros(1)
            dist.broadcast(t, src=0)
            if rank == 1:
                raise ValueError("rank one fails\nsecond line")
            dist.all_gather([torch.zeros(1) for _ in range(3)], t)

        outcomes, _ = lockstep(body, 3)
        blocked = {"blocked": {"collective": "all_gather", "call": 1, "waiting_on": [1]}}
        self.assertEqual(outcomes, [blocked, {"raised": {"type": "ValueError", "message": "rank one fails"}}, blocked])

    def test_a_rank_that_returns_early_blocks_the_others(self):

        def body(rank, dist):
            if rank == 0:
                dist.broadcast(torch.zeros(1), src=0)

        outcomes, _ = lockstep(body, 2)
        self.assertEqual(outcomes, [{"blocked": {"collective": "broadcast", "call": 0, "waiting_on": [1]}}, {"ok": True}])

    def test_different_collectives_in_one_call_are_a_mismatch(self):

        def body(rank, dist):
            if rank == 0:
                dist.broadcast(torch.zeros(1), src=0)
            else:
                dist.all_gather([torch.zeros(1), torch.zeros(1)], torch.zeros(1))

        outcomes, _ = lockstep(body, 2)
        self.assertEqual([list(o) for o in outcomes], [["blocked"], ["blocked"]])
        self.assertIn("rank 1 made all_gather", outcomes[0]["blocked"]["mismatch"])

    def test_outcomes_do_not_depend_on_scheduling(self):
        # Rank 0 is slowed down: it still meets the others in the same call.
        gate = threading.Event()

        def body(rank, dist):
            if rank == 0:
                gate.wait(0.2)
            t = torch.tensor([rank])
            dist.broadcast(t, src=0)
            if rank == 2:
                return t.item()
            dist.broadcast(t, src=1)
            return t.item()

        for _ in range(3):
            outcomes, _ = lockstep(body, 3)
            self.assertEqual(outcomes[0], {"blocked": {"collective": "broadcast", "call": 1, "waiting_on": [2]}})
            self.assertEqual(outcomes[1], outcomes[0])
            self.assertEqual(outcomes[2], {"ok": True})


class MiniatureCheckout(unittest.TestCase):
    """A test with the miniature written to self.checkout (in self.dir, removed after the test)."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.checkout = os.path.join(self.dir.name, "checkout")
        write_topk_checkout(self.checkout)

    def tearDown(self):
        self.dir.cleanup()


class FixtureRuns(MiniatureCheckout):

    def test_every_rank_ok_answers_chunks_indices_and_their_dtype(self):
        lines, status, _ = run(self.checkout, [BIAS_FIRST, TWO_RANKS])
        self.assertEqual(status, 0)
        self.assertEqual(lines[0]["id"], "bias-first")
        self.assertEqual(lines[0]["torch"], torch.__version__)
        self.assertEqual(lines[0]["outcome"], [{"rank": 0, "ok": True}])
        self.assertEqual(lines[0]["params"][0], {"selected": [], "chunks": [], "skipped": True})
        self.assertEqual(lines[0]["params"][1]["selected"], [0])  # the miniature reads the weight where it lies
        self.assertEqual(lines[0]["params"][1]["dtype"], "int32")
        weight = lines[1]["params"][1]
        self.assertEqual([(c["rank"], c["offset"], c["numel"], c["start_column"], c["end_column"], c["num_select"])
                          for c in weight["chunks"]], [(0, 0, 2, 0, 1, 0), (1, 2, 6, 1, 4, 1)])
        self.assertEqual(weight["selected"], [3])
        self.assertEqual(lines[1]["outcome"], [{"rank": 0, "ok": True}, {"rank": 1, "ok": True}])

    def test_stage_3_answers_each_ranks_indices_with_their_dtype(self):
        [line], status, _ = run(self.checkout, [STAGE3_RANKS])
        self.assertEqual(status, 0)
        ranks = line["params"][1]["ranks"]
        self.assertEqual([(r["rank"], r["start_column"], r["dtype"]) for r in ranks], [(0, 0, "int64"), (1, 2, "int64")])
        self.assertEqual(line["params"][1]["selected"], [0, 2])
        self.assertEqual(line["params"][0]["ranks"][0]["dtype"], "float32")  # the miniature's empty torch.tensor([])

    def test_a_raising_rank_is_reported_with_its_parameter_and_the_others_blocked(self):
        write_topk_checkout(self.checkout, planted=(1, 0))
        lines, status, _ = run(self.checkout, [TWO_RANKS, STAGE3_RANKS])
        self.assertEqual(status, 0)
        for line, collective in zip(lines, ("broadcast", "all_gather")):
            self.assertEqual(line["outcome"], [
                {"rank": 0, "blocked": {"collective": collective, "call": 0, "waiting_on": [1]}},
                {"rank": 1, "raised": {"type": "RuntimeError", "message": "planted", "param": 0}},
            ])
            self.assertEqual(line["params"], [{"error": {"type": "RuntimeError", "message": "planted"}},
                                              {"unanswered": True}])

    def test_a_stage_the_revision_lacks_is_a_runner_error_keeping_the_id(self):
        write_topk_checkout(self.checkout, omit=(STAGE3, ))
        lines, status, _ = run(self.checkout, [STAGE3_RANKS, BIAS_FIRST])
        self.assertEqual(status, 0)
        self.assertEqual(lines[0]["id"], "stage3")
        self.assertEqual(lines[0]["error"]["type"], "RunnerError")
        self.assertIn(STAGE3, lines[0]["error"]["message"])
        self.assertEqual(lines[1]["params"][1]["selected"], [0])

    def test_rev_reads_the_committed_files_not_the_work_tree(self):
        git(self.checkout, "init", "-q")
        git(self.checkout, "add", ".")
        git(self.checkout, "commit", "-q", "-m", "miniature")
        write_topk_checkout(self.checkout, planted=(1, 0))
        [committed], _, _ = run(self.checkout, [TWO_RANKS], "--rev", "HEAD")
        [work_tree], _, _ = run(self.checkout, [TWO_RANKS])
        self.assertEqual([list(o)[1] for o in committed["outcome"]], ["ok", "ok"])
        self.assertEqual([list(o)[1] for o in work_tree["outcome"]], ["blocked", "raised"])

    def test_a_shifted_revision_reads_the_weight_after_a_bias_elsewhere(self):
        write_topk_checkout(self.checkout, shifted=True)
        [line], status, _ = run(self.checkout, [BIAS_FIRST])
        self.assertEqual(status, 0)
        self.assertNotEqual(line["params"][1]["selected"], [0])  # the miniature's own reading selects [0]

    def test_coverage_counts_the_lines_of_the_functions_it_runs_per_request(self):
        text = open(os.path.join(self.checkout, STAGE12), encoding="utf-8").read()
        counts_1d = text[:text.index(COUNTS_1D)].count("\n") + 1
        class_line = text[:text.index("class ZenFlowZeroOptimizer")].count("\n") + 1
        lines, status, stderr = run(self.checkout, [BIAS_FIRST, COVERAGE_REQUEST, STAGE3_RANKS, COVERAGE_REQUEST],
                                    "--coverage")
        self.assertEqual(status, 0, stderr)
        first, second = lines[1]["coverage"], lines[3]["coverage"]
        self.assertEqual(first["tool"], "zfcheck's line tracer, sys.settrace")
        stage12 = first["files"][STAGE12]
        self.assertIn(counts_1d, stage12["executed"])  # run on a rank's thread, inside the chunk trace
        self.assertIn(counts_1d, stage12["executable"])
        self.assertNotIn(class_line, stage12["executable"])  # outside the functions it runs: not the selection's
        self.assertEqual(first["files"][STAGE3]["executed"], [])
        self.assertNotEqual(second["files"][STAGE3]["executed"], [])
        self.assertEqual(second["files"][STAGE12]["executed"], [])  # counted again from the last request
        self.assertEqual(lines[0]["params"][1]["selected"], [0])  # answers as without --coverage

    def test_without_torch_it_exits_4_naming_the_interpreter_and_the_package(self):
        # -S leaves site-packages (and so torch) off the path.
        done = subprocess.run([sys.executable, "-S", RUNNER, "--deepspeed", self.checkout], input="",
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 4)
        self.assertIn(sys.executable, done.stderr)
        self.assertIn("python3-torch", done.stderr)


class SelectionKey(MiniatureCheckout):
    """--selection-key, which needs no torch: equal where every answer is, its functions where they lie."""

    def key(self):
        done = subprocess.run([sys.executable, "-S", RUNNER, "--deepspeed", self.checkout, "--selection-key"],
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        return json.loads(done.stdout)

    def edit(self, path, old, new):
        full = os.path.join(self.checkout, path)
        text = open(full, encoding="utf-8").read()
        self.assertIn(old, text)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text.replace(old, new, 1))

    def test_lines_added_above_the_functions_keep_the_key_and_move_their_def_lines(self):
        before = self.key()
        spans = {(f, n): (first, d, last) for f, n, first, d, last in before["functions"]}
        self.assertEqual(len(spans), 7)  # the four files' seven functions
        self.edit(STAGE12, "class ZenFlowZeroOptimizer:", "# a comment\nX = len([1,\n         2])\n\n\nclass ZenFlowZeroOptimizer:")
        after = self.key()
        self.assertEqual(after["key"], before["key"])
        moved = {(f, n): (first, d, last) for f, n, first, d, last in after["functions"]}
        first, d, last = spans[(STAGE12, "average_tensor")]
        self.assertEqual(moved[(STAGE12, "average_tensor")], (first + 5, d + 5, last + 5))
        self.assertEqual(moved[(STAGE3, "update_selected_channels")], spans[(STAGE3, "update_selected_channels")])

    def test_a_body_a_literal_constant_the_alignment_factor_or_a_file_change_it(self):
        keys = {self.key()["key"]}
        for path, old, new in [(STAGE3, "num_select = int(", "num_select = 1 + int("),
                               (STAGE3, "PLANTED = None", "PLANTED = (0, 0)"),
                               (ZERO12, "self.nccl_start_alignment_factor = 2", "self.nccl_start_alignment_factor = 4")]:
            self.edit(path, old, new)
            keys.add(self.key()["key"])
        os.remove(os.path.join(self.checkout, UTILS))
        keys.add(self.key()["key"])
        self.assertEqual(len(keys), 5)


class TopkUpstreamCommand(MiniatureCheckout):
    """`zfcheck topk --upstream PATH[@REV]`: the runner behind zfcheck's checks, pool and cache."""

    def setUp(self):
        super().setUp()
        self.cache = os.path.join(self.dir.name, "cache")

    def test_problems_are_answered_in_order_and_bad_lines_keep_their_id(self):
        with_partition = dict(BIAS_FIRST, id="own-partition", partition=[9])
        lines = [json.dumps(TWO_RANKS), '{"id": "bad", "stage": 7}', json.dumps(with_partition), json.dumps(BIAS_FIRST)]
        out, status, _ = zfcheck_topk(self.checkout, lines, "--no-cache", "--jobs", "2")
        self.assertEqual(status, 2)  # two lines were not answered
        self.assertEqual([line["id"] for line in out], ["two-ranks", "bad", "own-partition", "bias-first"])
        self.assertEqual(out[0]["params"][1]["selected"], [3])
        self.assertEqual(out[0]["outcome"], [{"rank": 0, "ok": True}, {"rank": 1, "ok": True}])
        self.assertEqual((out[1]["error"]["type"], out[1]["error"]["field"]), ("CaseError", "stage"))
        self.assertEqual((out[2]["error"]["type"], out[2]["error"]["field"]), ("CaseError", "partition"))
        self.assertEqual(out[3]["params"][1]["selected"], [0])
        answered, status, _ = zfcheck_topk(self.checkout, [lines[0], lines[3]], "--no-cache")
        self.assertEqual(status, 0)

    def test_a_revision_and_the_cache(self):
        git(self.checkout, "init", "-q")
        git(self.checkout, "add", ".")
        git(self.checkout, "commit", "-q", "-m", "miniature")
        write_topk_checkout(self.checkout, planted=(1, 0))  # the work tree, not HEAD
        first, status, _ = zfcheck_topk(self.checkout + "@HEAD", [json.dumps(TWO_RANKS)], "--cache-dir", self.cache)
        self.assertEqual((status, [list(o)[1] for o in first[0]["outcome"]]), (0, ["ok", "ok"]))
        # Answered from the cache: no Python is started.
        again = subprocess.run([ZFCHECK, "topk", "--upstream", self.checkout + "@HEAD", "--python", "/nonexistent",
                                "--cache-dir", self.cache], input=json.dumps(TWO_RANKS) + "\n", capture_output=True,
                               text=True, timeout=60)
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertEqual(json.loads(again.stdout), first[0])
        work_tree, _, _ = zfcheck_topk(self.checkout, [json.dumps(TWO_RANKS)], "--cache-dir", self.cache)
        self.assertEqual([list(o)[1] for o in work_tree[0]["outcome"]], ["blocked", "raised"])

    def test_faults_are_reported_with_exit_status_2(self):
        no_torch = os.path.join(self.dir.name, "python-without-torch")
        with open(no_torch, "w") as f:
            f.write(f"#!/bin/sh\nexec {sys.executable} -S \"$@\"\n")
        os.chmod(no_torch, 0o755)
        cases = [
            ((self.checkout, ), no_torch, "python-without-torch has no torch: install Debian's python3-torch"),
            ((self.dir.name, ), sys.executable, "not a DeepSpeed checkout with ZenFlow's top-k selection"),
            ((self.checkout + "@HEAD", ), sys.executable, "no revision HEAD"),
            ((self.checkout, "--impl", "kernel"), sys.executable, "excludes"),
            ((self.checkout, "--device", "bogus"), sys.executable, "--python's torch cannot use --device bogus"),
        ]
        for (spec, *extra), python, message in cases:
            _, status, stderr = zfcheck_topk(spec, [json.dumps(BIAS_FIRST)], "--no-cache", *extra, python=python)
            self.assertEqual(status, 2, spec)
            self.assertIn(message, stderr)


def conformance(spec, lines, *extra):
    """`zfcheck conformance --topk --upstream SPEC -` on the lines: its report and exit status."""
    done = subprocess.run([ZFCHECK, "conformance", "--topk", "--upstream", spec, "--python", sys.executable,
                           "--no-cache", *extra, "-"], input="".join(line + "\n" for line in lines),
                          capture_output=True, text=True, timeout=300)
    return done.stdout, done.returncode


class TopkConformanceCommand(MiniatureCheckout):
    """`zfcheck conformance --topk`: the oracle against the runner, rank by rank and parameter by parameter."""

    # The miniature counts 1-D parameters in the bucket: the fixed rule, not upstream's.
    FIXED = "deepspeed-edaa722:one_d_params_shift_offsets=off"

    def test_the_same_rule_agrees(self):
        report, status = conformance(self.checkout, [json.dumps(BIAS_FIRST), json.dumps(TWO_RANKS)], "--profile",
                                     self.FIXED)
        self.assertEqual(status, 0, report)
        self.assertIn("rank outcome: ok: 3/3 agree", report)
        self.assertIn("parameter selection: 4/4 agree", report)  # the bias, skipped, counts too
        self.assertTrue(report.rstrip().endswith("agreement: 2/2 problems"))

    def test_a_rule_upstream_does_not_follow_is_a_disagreement_with_its_replay(self):
        report, status = conformance(self.checkout, [json.dumps(BIAS_FIRST)], "--profile", "deepspeed-edaa722")
        self.assertEqual(status, 1, report)
        self.assertIn("DISAGREE parameter selection: 1", report)
        self.assertIn("| zfcheck topk --profile deepspeed-edaa722 -", report)
        self.assertIn("| zfcheck topk --upstream " + self.checkout + " -", report)
        self.assertIn("agreement: 0/1 problems", report)

    def test_a_rank_that_raises_is_compared_rank_by_rank(self):
        write_topk_checkout(self.checkout, planted=(1, 0))
        report, status = conformance(self.checkout, [json.dumps(TWO_RANKS)], "--profile", self.FIXED)
        self.assertEqual(status, 1, report)
        self.assertIn("rank outcome: ok: 0/2 agree", report)
        self.assertIn("DISAGREE rank outcome: ok: 2", report)

    def test_problems_upstream_cannot_run_are_listed_and_lines_that_are_none_exit_2(self):
        write_topk_checkout(self.checkout, omit=(STAGE3, ))
        report, status = conformance(self.checkout, [json.dumps(STAGE3_RANKS), json.dumps(BIAS_FIRST)], "--profile",
                                     self.FIXED)
        self.assertEqual(status, 0, report)
        self.assertIn("not compared: 1 problems: RunnerError: " + STAGE3 + " is absent", report)
        self.assertIn("agreement: 1/1 problems", report)
        report, status = conformance(self.checkout, ['{"id": "bad", "stage": 7}'], "--profile", self.FIXED)
        self.assertEqual(status, 2, report)
        self.assertIn("line 1: stage must be 1, 2 or 3", report)


def lockstep_is_gloo(test, checkout, rev, problem):
    """Asserts that the lockstep's per-rank outcomes on `problem` are those of real processes over gloo."""
    revision = runner.Revision(checkout, rev)
    rank_run, _ = runner.STAGES[problem["stage"]]
    outcomes, _ = runner.run_ranks(problem["world_size"],
                                   lambda r, d: rank_run(torch, revision, problem, "cpu", r, d), revision)
    for o in outcomes:
        o.get("blocked", {}).pop("waiting_on", None)  # gloo cannot say whom a rank waits on
    test.assertEqual(gloo_outcomes(checkout, rev, problem), outcomes, problem["id"])


class LockstepAgainstGloo(unittest.TestCase):

    def test_miniature(self):
        with tempfile.TemporaryDirectory() as checkout:
            for planted in (None, (1, 0)):
                write_topk_checkout(checkout, planted=planted)
                for problem in (TWO_RANKS, STAGE3_RANKS):
                    lockstep_is_gloo(self, checkout, None, problem)


@unittest.skipUnless(os.environ.get("DEEPSPEED_SRC"), "set DEEPSPEED_SRC to a DeepSpeed clone to run upstream's code")
class UpstreamCode(unittest.TestCase):
    """Upstream's own selection at master edaa72212 (DEEPSPEED_SRC: a clone that has it)."""

    REV = "edaa72212"

    def test_a_bias_ahead_of_a_weight_shifts_its_scores(self):
        [line], status, _ = run(os.environ["DEEPSPEED_SRC"], [BIAS_FIRST], "--rev", self.REV)
        self.assertEqual(status, 0)
        self.assertEqual(line["params"][1]["selected"], [1])  # the fixed rule keeps column 0
        self.assertEqual(line["params"][1]["dtype"], "int32")

    def test_a_rank_that_raises_blocks_its_peers_in_the_next_broadcast(self):
        # Ranks 1 and 2 raise on the (1, 4) weight; rank 0 waits in the first broadcast forever.
        [line], _, _ = run(os.environ["DEEPSPEED_SRC"], [BLOCKS], "--rev", self.REV)
        self.assertEqual(line["outcome"][0], {"rank": 0, "blocked": {"collective": "broadcast", "call": 0,
                                                                     "waiting_on": [1, 2]}})
        self.assertEqual(line["outcome"][1]["raised"], {"type": "RuntimeError", "param": 1,
                                                        "message": "start (1) + length (1) exceeds dimension size (1)."})
        self.assertEqual(line["outcome"][2]["raised"]["type"], "IndexError")
        self.assertEqual(line["outcome"][2]["raised"]["param"], 1)
        self.assertEqual(line["params"][0], {"unanswered": True})

    def test_zfcheck_topk_upstream_runs_it(self):
        out, status, _ = zfcheck_topk(os.environ["DEEPSPEED_SRC"] + "@" + self.REV, [json.dumps(BIAS_FIRST)],
                                      "--no-cache")
        self.assertEqual(status, 0)
        self.assertEqual(out[0]["params"][1]["selected"], [1])

    def test_generated_problems_conform(self):
        done = subprocess.run([ZFCHECK, "conformance", "--topk", "--upstream", os.environ["DEEPSPEED_SRC"] + "@" +
                               self.REV, "--python", sys.executable, "--no-cache", "--generated", "120", "--seed", "7"],
                              capture_output=True, text=True, timeout=600)
        self.assertEqual(done.returncode, 0, done.stdout[-3000:])
        self.assertIn("agreement: ", done.stdout)

    def test_the_lockstep_is_what_real_processes_do(self):
        for problem in (BIAS_FIRST, BLOCKS, STAGE3_UPSTREAM):
            lockstep_is_gloo(self, os.environ["DEEPSPEED_SRC"], self.REV, problem)


if __name__ == "__main__":
    if torch is None:
        print(f"SKIPPED: {sys.executable} has no torch (Debian's python3-torch serves /usr/bin/python3)")
        sys.exit(77)
    unittest.main()
