"""ctest: answers reused across revisions on a fixture history: a change to a function's body re-evaluates the
cases that ran it, a comment none, a change at module level every case that can reach it; --verify agrees on
every commit, and fails where a kept answer is not upstream's answer any more.

Usage: test_reused_answers.py ZFCHECK. Exits 77 (skipped) with the reason printed when this Python has no
pydantic 2, which the runner needs.
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

from fixture_checkout import write_checkout
from test_conformance import CASES, exit_unless_pydantic_2, git
from test_revision_changes import ADDED, warns_when_interval_is_0

ZFCHECK = sys.argv[1] if len(sys.argv) > 1 else "zfcheck"
ENGINE = "deepspeed/runtime/zenflow/engine.py"
# A module-level constant that only a function reads: the change hides from every function's body.
AUTO_WARNING_START = "If use auto select strategy"
COERCION = ("--grid-blocks", "coercion")
RUNNER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "zf_upstream.py")


def edit(repo, path, old, new):
    full = os.path.join(repo, path)
    with open(full, encoding="utf-8") as f:
        text = f.read()
    if old not in text:
        raise AssertionError(f"{path} has no {old!r}")
    with open(full, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new, 1))


def commit(repo, subject):
    git(repo, "commit", "-qam", subject)


class ReusedAnswers(unittest.TestCase):

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.repo = os.path.join(self.dir.name, "repo")
        self.cache = os.path.join(self.dir.name, "cache")
        write_checkout(self.repo)
        git(self.repo, "init", "-q")
        git(self.repo, "add", ".")
        git(self.repo, "commit", "-qm", "base")

    def tearDown(self):
        self.dir.cleanup()

    def zfcheck(self, *args, cache=True, env=None, stdin=None):
        cache_args = ["--cache-dir", self.cache] if cache else ["--no-cache"]
        return subprocess.run([ZFCHECK, *args, "--python", sys.executable, *cache_args, "--jobs", "2"], input=stdin,
                              capture_output=True, text=True, timeout=600, env={**os.environ, **(env or {})})

    def eval_at(self, rev, cases=CASES, **kwargs):
        run = self.zfcheck("eval", "--upstream", f"{self.repo}@{rev}",
                           stdin="".join(json.dumps(c) + "\n" for c in cases), **kwargs)
        self.assertEqual(run.returncode, 0, run.stderr)
        return [json.loads(line) for line in run.stdout.splitlines()]

    def hide_a_change_at_module_level(self):
        edit(self.repo, ENGINE, AUTO_WARNING_START, "Auto select strategy")
        commit(self.repo, "module level")

    def test_history_reuses_what_no_change_reached_and_verify_agrees_at_every_commit(self):
        write_checkout(self.repo, optimizer_code=warns_when_interval_is_0(ADDED))  # a method's body
        commit(self.repo, "body")
        edit(self.repo, ENGINE, "from deepspeed import comm", "# a comment changes no case\nfrom deepspeed import comm")
        commit(self.repo, "comment")
        self.hide_a_change_at_module_level()
        run = self.zfcheck("history", "--upstream", self.repo, "--since", "HEAD~3", "--topk-problems", "0",
                           "--verify", *COERCION)
        self.assertEqual(run.returncode, 0, run.stderr)
        answers = dict(re.findall(r"^\w+ \S+ (\w[\w ]*?):.*\n(?:    .*\n)*?    answers: (.*)$", run.stdout, re.M))
        self.assertEqual(list(answers), ["base", "body", "comment", "module level"], run.stdout)
        grid = int(re.match(r"re-evaluated (\d+) of (\d+) cases \(\1 new\)", answers["base"]).group(2))
        body = re.fullmatch(r"re-evaluated (\d+) of (\d+) cases \(\1 changed lines\)", answers["body"])
        self.assertIsNotNone(body, answers["body"])
        self.assertLess(int(body.group(1)), grid)  # the cases refused before the optimizer ran are reused
        self.assertGreater(int(body.group(1)), 0)
        self.assertEqual(answers["comment"], f"reused all {grid} cases")
        self.assertEqual(answers["module level"], f"re-evaluated {grid} of {grid} cases ({grid} module level)")

    def test_a_change_hidden_at_module_level_gives_upstreams_new_answers(self):
        before = self.eval_at("HEAD")
        self.hide_a_change_at_module_level()
        reused = self.eval_at("HEAD")
        fresh = self.eval_at("HEAD", cache=False)
        self.assertEqual(reused, fresh)
        self.assertNotEqual(before, fresh)
        self.assertIn("Auto select strategy", json.dumps(fresh))

    def test_verify_fails_where_a_kept_answer_is_not_upstreams_any_more(self):
        # An answer that reads something outside upstream's files (here the environment) is one the traces
        # cannot follow: --verify is what finds such a difference.
        write_checkout(self.repo, engine_code=("import os", "if os.environ.get('ZF_FIXTURE_SCALE'):",
                                               "    raise ValueError('scaled')"))
        commit(self.repo, "reads the environment")
        self.eval_at("HEAD")
        run = self.zfcheck("eval", "--upstream", self.repo + "@HEAD", "--verify", env={"ZF_FIXTURE_SCALE": "1"},
                           stdin="".join(json.dumps(c) + "\n" for c in CASES))
        self.assertEqual(run.returncode, 2, run.stdout)
        self.assertIn("--verify: upstream@", run.stderr)
        self.assertIn("scaled", run.stderr)

    def test_each_case_keeps_a_bounded_number_of_answers(self):
        for n in range(6):  # six revisions, each changing a body every case with a ZenFlow block runs
            write_checkout(self.repo, optimizer_code=(f"self.revision = {n}", ))
            commit(self.repo, f"revision {n}")
            self.eval_at("HEAD")
        kept = []
        for root, _, files in os.walk(self.cache):
            for name in files:
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    lines = f.read().splitlines()
                if len(lines) < 2 or not lines[1].startswith("zfcheck-reuse 1 "):
                    continue
                cases, traces = map(int, lines[1].split()[2:])
                at = 2 + traces
                for _ in range(cases):
                    kept.append(int(lines[at]))
                    at += 1 + kept[-1]
        self.assertEqual(len(kept), len(CASES))
        self.assertEqual(max(kept), 4)

    def test_a_validation_shared_by_cases_gives_each_what_validating_afresh_gives(self):
        # Validation that warns, uses a stand-in, raises or passes, each input given by several cases in a row
        # and again later; set-up assigns to the validated model (steps_per_epoch from the dataloader).
        write_checkout(self.repo, new_fields=(
            "@model_validator(mode='after')", "def warn_and_probe(self):", "    from deepspeed.utils import logger",
            "    if self.offload:", "        logger.warning('validated with offload')", "    if self.overlap_step:",
            "        from deepspeed.accelerator import get_accelerator",
            "        hasattr(get_accelerator(), 'pin_memory')", "    return self"))
        blocks = [{}, {"offload": True}, {"overlap_step": True}, {"topk_ratio": 2}, None,
                  {"select_strategy": "epoch", "select_interval": 2}]
        cases = [{"id": f"{i}-{n}", "zenflow": block, "dataloader_len": n, "stage": 1 + i % 3, "micro_steps": 12}
                 for _ in range(2) for i, block in enumerate(blocks) for n in (4, None, 7)]
        answers = []
        for fresh in ([], ["--fresh-validation"]):
            run = subprocess.run([sys.executable, RUNNER, "--deepspeed", self.repo, "--units", *fresh],
                                 input="".join(json.dumps(c) + "\n" for c in cases), capture_output=True, text=True,
                                 timeout=120)
            self.assertEqual(run.returncode, 0, run.stderr)
            answers.append(run.stdout.splitlines())
        self.assertEqual(answers[0], answers[1])
        text = "\n".join(answers[0])
        for seen in ("validated with offload", "RunnerStandIn", "ValidationError", '"steps_per_epoch": 7'):
            self.assertIn(seen, text)


if __name__ == "__main__":
    exit_unless_pydantic_2("the reused answers' test")
    unittest.main(argv=sys.argv[:1], verbosity=2)
