"""ctest: `zfcheck review` and `zfcheck history` see the selection, on a fixture history whose commits change
only the selection: the config fixture with the top-k miniature beside it, then a commit that stops counting a
1-D parameter's elements (upstream's shifted offsets), then one that counts them again.

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
from topk_fixture_checkout import COUNTS_1D, add_topk_miniature

ZFCHECK = sys.argv[1] if len(sys.argv) > 1 else "zfcheck"
TORCH_PYTHON = sys.argv[2] if len(sys.argv) > 2 else "/usr/bin/python3"
STAGE12 = "deepspeed/runtime/zenflow/zenflow_stage_1_and_2.py"
# A few generated problems (1-D buckets among them) and the reviewed seeds: enough to show the shift.
TOPK = ("--topk-problems", "40", "--topk-python", TORCH_PYTHON)


def exit_unless_torch():
    done = subprocess.run([TORCH_PYTHON, "-c", "import torch"], capture_output=True, text=True)
    if done.returncode != 0:
        print("SKIPPED: the top-k runner needs torch (%s: %s)" % (TORCH_PYTHON, done.stderr.strip()[-200:]))
        sys.exit(77)


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
        return subprocess.run([ZFCHECK, *args, "--python", sys.executable, "--cache-dir", self.cache, "--jobs",
                               "2", "--grid-blocks", "coercion", *TOPK], capture_output=True, text=True,
                              timeout=900)

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


if __name__ == "__main__":
    exit_unless_pydantic_2("the config runner")
    exit_unless_torch()
    unittest.main(argv=sys.argv[:1])
