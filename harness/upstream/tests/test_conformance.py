"""ctest: the conformance runner's mechanics on a checkout-shaped fixture (no DeepSpeed checkout needed).

Usage: test_conformance.py ZFCHECK. Exits 77 (skipped) with the reason printed when this Python has
no pydantic 2, which the runner needs.
"""
import json
import os
import subprocess
import sys
import tempfile
import unittest

from fixture_checkout import write_checkout

ZFCHECK = sys.argv[1] if len(sys.argv) > 1 else "zfcheck"

# Plain configs on which the fixture's miniature behaves as upstream (and the model) does.
CASES = [
    {"id": "default", "zenflow": {}},
    {"id": "dataloader", "zenflow": {}, "dataloader_len": 10},
    {"id": "step", "zenflow": {"select_strategy": "step", "select_interval": 10, "update_interval": 4}, "stage": 3},
    {"id": "epoch", "zenflow": {"select_strategy": "epoch", "select_interval": 2}, "dataloader_len": 5, "stage": 1},
    {"id": "off", "zenflow": None},
    {"id": "bad", "zenflow": {"topk_ratio": 2}},
    {"id": "warning", "zenflow": {"select_interval": 3}},
    {"id": "offload", "zenflow": {"offload": True}, "stage": 2},
]


def git(repo, *args):
    subprocess.run(["git", "-C", repo, *args], check=True, capture_output=True,
                   env={**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
                        "GIT_COMMITTER_EMAIL": "t@t"})


class ConformanceFixture(unittest.TestCase):

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.root = self.dir.name
        self.cases = os.path.join(self.root, "cases.jsonl")
        with open(self.cases, "w") as f:
            f.writelines(json.dumps(c) + "\n" for c in CASES)

    def tearDown(self):
        self.dir.cleanup()

    def conformance(self, upstream, *args):
        """zfcheck conformance CASES --upstream UPSTREAM (PATH[@REV]) against the model's deepspeed-edaa722."""
        return subprocess.run([ZFCHECK, "conformance", self.cases, "--upstream", upstream, "--profile",
                               "deepspeed-edaa722", "--python", sys.executable, "--no-cache", *args],
                              capture_output=True, text=True)

    def test_agreement_on_a_working_tree(self):
        checkout = os.path.join(self.root, "ds")
        write_checkout(checkout)
        run = self.conformance(checkout)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn("agreement: %d/%d cases" % (len(CASES), len(CASES)), run.stdout)
        self.assertEqual(run.stderr, "")

    def test_the_cases_can_come_from_standard_input(self):
        checkout = os.path.join(self.root, "ds")
        write_checkout(checkout)
        with open(self.cases) as cases:
            run = subprocess.run([ZFCHECK, "conformance", "-", "--upstream", checkout, "--profile", "deepspeed-edaa722",
                                  "--python", sys.executable, "--no-cache"], stdin=cases, capture_output=True, text=True)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn("cases from standard input", run.stdout)
        self.assertIn("agreement: %d/%d cases" % (len(CASES), len(CASES)), run.stdout)

    def test_the_old_spelling_still_works_and_says_the_new_one(self):
        checkout = os.path.join(self.root, "ds")
        write_checkout(checkout)
        run = subprocess.run([ZFCHECK, "conformance", "--deepspeed", checkout, "--worktree", "--profile",
                              "deepspeed-edaa722", "--python", sys.executable, "--no-cache", "--cases", self.cases],
                             capture_output=True, text=True)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn("agreement: %d/%d cases" % (len(CASES), len(CASES)), run.stdout)
        self.assertIn("--deepspeed PATH [--rev REV | --worktree] is deprecated; say --upstream %s" % checkout, run.stderr)
        self.assertIn("--cases FILE is deprecated", run.stderr)

    def test_a_planted_defect_is_reported_by_field_with_its_smallest_case(self):
        checkout = os.path.join(self.root, "ds")
        write_checkout(checkout, engine_scale=1)
        run = self.conformance(checkout)
        self.assertEqual(run.returncode, 1, run.stdout + run.stderr)
        self.assertIn("engine.select_interval: 2 cases", run.stdout)
        self.assertIn('smallest case: {"id":"dataloader","zenflow":{},"dataloader_len":10}', run.stdout)
        self.assertIn("agreement: %d/%d cases" % (len(CASES) - 2, len(CASES)), run.stdout)

    def test_cases_the_runner_cannot_answer_are_counted_not_compared(self):
        # Upstream's code reads what the runner has only a stand-in for on every case that reaches set-up: those
        # six say nothing about the model; the two it answers ("off", "bad") are compared.
        checkout = os.path.join(self.root, "ds")
        write_checkout(checkout, engine_code=("import torch", "torch.cuda.device_count()"))
        run = self.conformance(checkout)
        self.assertEqual(run.returncode, 0, run.stdout + run.stderr)
        self.assertIn("agreement: 2/2 cases\n6 cases not evaluated (the runner could not answer them: upstream@",
                      run.stdout)
        self.assertIn(": RunnerStandIn: zfcheck's runner has only a stand-in for torch.cuda.device_count", run.stdout)
        self.assertIn("(6 cases)), not compared\n  smallest: {\"id\":\"default\",\"zenflow\":{}}\n", run.stdout)

    def test_no_case_the_runner_can_answer_is_no_agreement(self):
        checkout = os.path.join(self.root, "ds")
        write_checkout(checkout, engine_code=("import torch", "torch.cuda.device_count()"))
        with open(self.cases, "w") as f:
            f.write(json.dumps(CASES[0]) + "\n")
        run = self.conformance(checkout)
        self.assertEqual(run.returncode, 2, run.stdout + run.stderr)
        self.assertIn("agreement: 0/0 cases\n1 case not evaluated", run.stdout)

    def test_revisions_are_read_from_git(self):
        repo = os.path.join(self.root, "repo")
        write_checkout(repo)
        git(repo, "init", "-q")
        git(repo, "add", ".")
        git(repo, "commit", "-qm", "good")
        git(repo, "tag", "good")
        write_checkout(repo, engine_scale=1)
        git(repo, "commit", "-qam", "bad")
        self.assertEqual(self.conformance(repo + "@good").returncode, 0)
        self.assertEqual(self.conformance(repo + "@HEAD").returncode, 1)

    def test_the_runner_streams_one_result_per_case_in_one_process(self):
        checkout = os.path.join(self.root, "ds")
        write_checkout(checkout)
        runner = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "zf_upstream.py")
        proc = subprocess.Popen([sys.executable, runner, "--deepspeed", checkout], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, text=True)
        for case in CASES[:3]:
            proc.stdin.write(json.dumps(case) + "\n")
            proc.stdin.flush()
            result = json.loads(proc.stdout.readline())  # arrives before the next case is sent
            self.assertEqual(result["id"], case["id"])
        proc.stdin.close()
        self.assertEqual(proc.wait(), 0)

    def test_a_missing_module_is_a_clear_runner_failure(self):
        checkout = os.path.join(self.root, "ds")
        write_checkout(checkout)
        os.remove(os.path.join(checkout, "deepspeed/runtime/zenflow/engine.py"))
        run = self.conformance(checkout)
        self.assertEqual(run.returncode, 2)
        self.assertIn("deepspeed/runtime/zenflow/engine.py", run.stderr)

    def test_pr_profiles_have_no_upstream_code(self):
        run = subprocess.run([ZFCHECK, "conformance", "--deepspeed", self.root, "--profile", "pr-8456", "--cases",
                              self.cases], capture_output=True, text=True)
        self.assertEqual(run.returncode, 2)
        self.assertIn("no upstream revision to run it against", run.stderr)


def exit_unless_pydantic_2(what):
    """Exits 77 (ctest's skip) with the reason when this Python lacks pydantic 2, which `what` needs."""
    try:
        import pydantic
        if not pydantic.VERSION.startswith("2."):
            raise ImportError("pydantic " + pydantic.VERSION)
    except ImportError as e:
        print("SKIPPED: %s needs Python 3 with pydantic 2 (%s: %s)" % (what, sys.executable, e))
        sys.exit(77)


if __name__ == "__main__":
    exit_unless_pydantic_2("the conformance runner")
    unittest.main(argv=[sys.argv[0], "-v"])
