"""ctest: `zfcheck review` and `zfcheck history` see the selection, on a fixture history whose commits change
only the selection: the config fixture with the top-k miniature beside it, then a commit that stops counting a
1-D parameter's elements (upstream's shifted offsets), then one that counts them again. On a second history
(the miniature, a commit that only moves a function, one that reads the environment, two that change only
the partition helpers' file, one of them its selection key), answers are kept across revisions by the selection key: the move reuses them
with its lines where they are now, --verify finds a kept answer that is not upstream's any more, and the
partition helpers' commit is on the timeline, its changed line a code line the problems ran.

Usage: test_topk_review.py ZFCHECK TORCH_PYTHON. Runs under a Python with pydantic 2 (the config runner's);
TORCH_PYTHON has torch (the top-k runner's). Exits 77 (skipped) with the reason printed when either lacks it.
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

from fixture_checkout import write_checkout
from test_conformance import exit_unless_pydantic_2, git
from topk_fixture_checkout import add_topk_miniature

ZFCHECK = sys.argv[1] if len(sys.argv) > 1 else "zfcheck"
TORCH_PYTHON = sys.argv[2] if len(sys.argv) > 2 else "/usr/bin/python3"
STAGE12 = "deepspeed/runtime/zenflow/zenflow_stage_1_and_2.py"
ZERO12 = "deepspeed/runtime/zero/stage_1_and_2.py"
# A few generated problems (1-D buckets among them) and the reviewed seeds: enough to show the shift.
TOPK = ("--topk-problems", "40", "--topk-python", TORCH_PYTHON)


def exit_unless_torch():
    done = subprocess.run([TORCH_PYTHON, "-c", "import torch"], capture_output=True, text=True)
    if done.returncode != 0:
        print("SKIPPED: the top-k runner needs torch (%s: %s)" % (TORCH_PYTHON, done.stderr.strip()[-200:]))
        sys.exit(77)


def run_zfcheck(cache, *args, env=None):
    where = ["--no-cache"] if cache is None else ["--cache-dir", cache]
    return subprocess.run([ZFCHECK, *args, "--python", sys.executable, *where, "--jobs", "2", "--grid-blocks",
                           "coercion", *TOPK], capture_output=True, text=True, timeout=900,
                          env=dict(os.environ, **(env or {})))


def commit_blocks(history):
    """`history`'s output per commit subject: the commit's lines."""
    blocks = {}
    for block in history.split("\n\nfindings:")[0].split("\n"):
        if block and not block.startswith(" "):
            subject = block.split(" ", 2)[2].split(":")[0]
            blocks[subject] = []
        elif block:
            blocks[subject].append(block.strip())
    return blocks


class TopkReviewAndHistory(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.cache = os.path.join(cls.dir.name, "cache")
        cls.repo = os.path.join(cls.dir.name, "repo")
        write_checkout(cls.repo)
        add_topk_miniature(cls.repo)
        git(cls.repo, "init", "-q")
        git(cls.repo, "add", ".")
        git(cls.repo, "commit", "-qm", "the config stand-ins and the top-k miniature")
        cls.commit_with(shifted=True, message="skip a 1-D parameter before counting its elements")
        cls.commit_with(shifted=False, message="count a 1-D parameter's elements before its continue")
        cls.shas = subprocess.run(["git", "-C", cls.repo, "rev-list", "--first-parent", "--reverse", "HEAD"],
                                  capture_output=True, text=True, check=True).stdout.split()

    @classmethod
    def commit_with(cls, shifted, message):
        write_checkout(cls.repo)  # the config stand-ins rewritten as they were, then the miniature again
        add_topk_miniature(cls.repo, shifted=shifted)
        git(cls.repo, "commit", "-qam", message)

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def zfcheck(self, *args):
        return run_zfcheck(self.cache, *args)

    def review(self, base, head):
        run = self.zfcheck("review", "--upstream", self.repo, "--base", base, "--head", head, "--format", "json")
        self.assertIn(run.returncode, (0, 1), run.stderr)
        return run.returncode, json.loads(run.stdout)

    def test_a_head_that_brings_the_shift_in_fails_naming_the_top_k_invariant(self):
        status, review = self.review(self.shas[0], self.shas[1])
        topk = review["topk"]
        self.assertTrue(topk["evaluated"], topk)
        self.assertEqual(review["diff"]["differing"], 0)  # no config case sees it
        self.assertIn({"invariant": "topk-scores-own-columns", "status": "introduced"},
                      [{k: i[k] for k in ("invariant", "status")} for i in topk["invariants"]])
        self.assertIn("selection", [k["kind"] for k in topk["kinds"]])
        self.assertEqual(status, 1)
        self.assertFalse(review["passes"])

    def test_a_head_that_fixes_it_passes_its_changed_line_run_by_top_k_problems(self):
        status, review = self.review(self.shas[1], self.shas[2])
        self.assertEqual([(i["invariant"], i["status"]) for i in review["topk"]["invariants"]],
                         [("topk-scores-own-columns", "fixed")])
        coverage = review["coverage"]
        self.assertEqual((coverage["code"], coverage["reached"], coverage["unreached"]), (1, 1, []), coverage)
        self.assertEqual(status, 0)

    def test_the_markdown_verdict_names_the_introduced_invariant(self):
        run = self.zfcheck("review", "--upstream", self.repo, "--base", self.shas[0], "--head", self.shas[1])
        self.assertEqual(run.returncode, 1, run.stderr)
        self.assertIn("**Verdict: the head introduces a finding the base did not have "
                      "(`topk-scores-own-columns` on ", run.stdout)
        self.assertIn("- introduced: `topk-scores-own-columns`", run.stdout)

    def test_history_puts_the_selection_on_the_timeline(self):
        run = self.zfcheck("history", "--upstream", self.repo)
        self.assertEqual(run.returncode, 0, run.stderr)
        out = run.stdout
        self.assertIn("    top-k: ", out)
        self.assertRegex(out, r"top-k: \d+ of \d+ problems answer differently \(selection \d+")
        self.assertIn("introduced topk-scores-own-columns on ", out)
        short = [sha[:7] for sha in self.shas]  # as the timeline prints them
        self.assertIn("topk-scores-own-columns: appeared at " + short[1], out)
        self.assertIn("topk-scores-own-columns: vanished at " + short[2], out)
        # The fix's one changed line ran in a top-k problem (the shift's commit only deletes one).
        fix_block = out[out.index(short[2]):]
        self.assertIn("patch coverage: the one changed code line ran", fix_block)


class TopkAnswersKeptAcrossRevisions(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.TemporaryDirectory()
        cls.repo = os.path.join(cls.dir.name, "repo")
        for n, (message, variant) in enumerate([("the miniature", {}), ("moved", {"moved": True}),
                                                ("reads the environment", {"moved": True,
                                                                           "reads_environment": True})]):
            write_checkout(cls.repo)
            add_topk_miniature(cls.repo, **variant)
            if n == 0:
                git(cls.repo, "init", "-q")
                git(cls.repo, "add", ".")
            git(cls.repo, "commit", "-qam", message)
        # Only the partition helper's file: a comment on a line of a function the top-k runner runs, and a
        # module-level constant (not code, but part of the selection key: the functions could read it).
        zero = os.path.join(cls.repo, ZERO12)
        with open(zero, encoding="utf-8") as f:
            text = f.read()
        text = text.replace("size = tensor.numel() // world\n", "size = tensor.numel() // world  # a rank's share\n")
        with open(zero, "w", encoding="utf-8") as f:
            f.write("ZF_NOTE = 'a constant the selection could read'\n" + text)
        git(cls.repo, "commit", "-qam", "the partition helper commented")
        # Only that file again, its selection the same: not on the timeline.
        with open(zero, "a", encoding="utf-8") as f:
            f.write("# a comment at the end\n")
        git(cls.repo, "commit", "-qam", "a comment after the partition helper")

    @classmethod
    def tearDownClass(cls):
        cls.dir.cleanup()

    def history(self, cache, env=None):
        """--verify where answers are kept (None: a run that keeps nothing)."""
        verify = [] if cache is None else ["--verify"]
        return run_zfcheck(cache, "history", "--upstream", self.repo, *verify, env=env)

    def test_a_moved_selection_reuses_its_answers_with_its_lines_where_they_are_now(self):
        with tempfile.TemporaryDirectory() as cache:
            run = self.history(cache)
        self.assertEqual(run.returncode, 0, run.stderr)
        blocks = commit_blocks(run.stdout)
        # The partition helper's commit changes only a top-k file and the selection key: it is evaluated; the
        # comment after it changes neither.
        self.assertEqual(list(blocks), ["the miniature", "moved", "reads the environment",
                                        "the partition helper commented"], run.stdout)
        answered = {subject: [line for line in lines if line.startswith("top-k answers: ")]
                    for subject, lines in blocks.items()}
        self.assertRegex(answered["the miniature"][0], r"^top-k answers: evaluated (\d+) of \1 problems")
        self.assertRegex(answered["moved"][0], r"^top-k answers: reused all \d+ problems")
        for subject in ("reads the environment", "the partition helper commented"):
            self.assertRegex(answered[subject][0], r"^top-k answers: evaluated (\d+) of \1 problems")
        # The moved function's lines are changed lines that ran where they are now, the method above it one
        # that never runs, as a run that keeps nothing finds (the tools aside: a run without a cache traces the
        # config runner); at every commit.
        def coverage(lines):
            return [line.split(" (")[0] for line in lines if line.startswith("patch coverage: ")]

        self.assertRegex(coverage(blocks["moved"])[0],
                         r"^patch coverage: ([1-9]\d*) of \d+ changed code lines ran, 1 in no case$")
        fresh = commit_blocks(self.history(None).stdout)
        for subject, lines in blocks.items():  # the first commit's too: code in a file no case loads
            self.assertEqual(coverage(lines), coverage(fresh[subject]), subject)

    def test_a_changed_line_of_the_partition_helpers_is_a_code_line_the_problems_ran(self):
        with tempfile.TemporaryDirectory() as cache:
            run = run_zfcheck(cache, "review", "--upstream", self.repo, "--base", "HEAD~2", "--head", "HEAD~1",
                              "--format", "json")
        self.assertEqual(run.returncode, 0, run.stderr)
        coverage = json.loads(run.stdout)["coverage"]
        self.assertEqual((coverage["changed"], coverage["code"], coverage["reached"], coverage["unreached"]),
                         (2, 1, 1, []), coverage)

    def test_verify_fails_where_a_kept_answer_is_not_upstreams_any_more(self):
        with tempfile.TemporaryDirectory() as cache:
            self.assertEqual(self.history(cache).returncode, 0)
            run = self.history(cache, env={"ZF_FIXTURE_TOPK": "1"})
        self.assertEqual(run.returncode, 2, run.stdout)
        self.assertIn("--verify: upstream@", run.stderr)
        self.assertIn("scaled", run.stderr)


if __name__ == "__main__":
    exit_unless_pydantic_2("the config runner")
    exit_unless_torch()
    unittest.main(argv=sys.argv[:1])
