"""ctest: the --upstream engine on the checkout-shaped fixture: results, cache, and every fault it reports.

Usage: test_upstream_engine.py ZFCHECK. Exits 77 (skipped) with the reason printed when this Python has
no pydantic 2, which the runner needs.
"""
import glob
import json
import os
import signal
import stat
import subprocess
import sys
import tempfile
import time
import unittest

from fixture_checkout import write_checkout
from test_conformance import CASES, exit_unless_pydantic_2, git

ZFCHECK = sys.argv[1] if len(sys.argv) > 1 else "zfcheck"
STAGE3 = "deepspeed/runtime/zenflow/engine_stage3.py"
REVIEWED = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "corpus", "reviewed")
SEED = os.path.join(REVIEWED, "empty-dataloader-len-0-default-strategy.json")
# review and history walk one family of grid blocks (15,144 cases, which reach every line the tests change);
# test_sweep_and_diff_run_on_upstream walks the whole grid.
COERCION = ("--grid-blocks", "coercion")


def children(pid):
    """The live processes whose parent is `pid`."""
    found = []
    for stat_file in glob.glob("/proc/[0-9]*/stat"):
        try:
            with open(stat_file) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[1]) == pid:
            found.append(int(stat_file.split("/")[2]))
    return found


def alive(pid):
    """Whether `pid` runs (a zombie waiting for its new parent to reap it does not)."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class UpstreamEngine(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        # The tests that walk the whole grid share one cache: the fixture's files are the same in several
        # of them, and the cache is keyed by the files' content, so each distinct set runs once.
        cls.grid_cache_dir = tempfile.TemporaryDirectory()
        cls.grid_cache = os.path.join(cls.grid_cache_dir.name, "zfcheck")  # where XDG_CACHE_HOME puts it

    @classmethod
    def tearDownClass(cls):
        cls.grid_cache_dir.cleanup()

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.root = self.dir.name
        self.cache = os.path.join(self.root, "cache")
        self.cases = os.path.join(self.root, "cases.jsonl")
        self.write_cases(CASES)

    def tearDown(self):
        self.dir.cleanup()

    def write_cases(self, cases):
        with open(self.cases, "w") as f:
            f.writelines(json.dumps(c) + "\n" for c in cases)

    def zfcheck(self, *args, python=sys.executable, cache=True, cache_dir=None):
        cache_args = ["--cache-dir", cache_dir or self.cache] if cache else ["--no-cache"]
        return subprocess.run([ZFCHECK, *args, "--python", python, *cache_args, "--jobs", "2"],
                              capture_output=True, text=True, timeout=300)

    def eval_upstream(self, spec, **kwargs):
        return self.zfcheck("eval", "--upstream", spec, self.cases, **kwargs)

    def checkout(self, **kwargs):
        path = os.path.join(self.root, "ds")
        write_checkout(path, **kwargs)
        return path

    def committed_checkout(self, message, **kwargs):
        """The fixture checkout as the first commit of a new repository."""
        repo = self.checkout(**kwargs)
        git(repo, "init", "-q")
        git(repo, "add", ".")
        git(repo, "commit", "-qm", message)
        return repo

    def results(self, run):
        self.assertEqual(run.returncode, 0, run.stderr)
        return [json.loads(line) for line in run.stdout.splitlines()]

    def test_the_working_tree_gives_the_models_results_under_its_own_name(self):
        upstream = self.results(self.eval_upstream(self.checkout()))
        model = self.results(subprocess.run([ZFCHECK, "eval", "--profile", "deepspeed-edaa722", self.cases],
                                            capture_output=True, text=True))
        self.assertEqual([r["profile"] for r in upstream], ["upstream@worktree"] * len(CASES))
        for u, m in zip(upstream, model):
            u.pop("profile"), m.pop("profile")
            u["warnings"], m["warnings"] = len(u["warnings"]), len(m["warnings"])
            self.assertEqual(u, m)

    def test_a_revision_is_named_by_its_short_sha_and_cached_results_are_the_same(self):
        repo = self.committed_checkout("one")
        sha = subprocess.run(["git", "-C", repo, "rev-parse", "--short=9", "HEAD"], capture_output=True,
                             text=True).stdout.strip()
        first = self.eval_upstream(repo + "@HEAD")
        self.assertEqual({r["profile"] for r in self.results(first)}, {"upstream@" + sha})
        self.assertTrue(glob.glob(os.path.join(self.cache, "*", "*")))
        again = self.eval_upstream(repo + "@HEAD", python="/nonexistent/python")  # answered by the cache alone
        self.assertEqual(again.stdout, first.stdout, again.stderr)

    def test_a_corrupt_cache_entry_is_recomputed(self):
        repo = self.checkout()
        first = self.eval_upstream(repo)
        for entry in glob.glob(os.path.join(self.cache, "*", "*")):
            with open(entry, "r+b") as f:
                f.seek(-20, os.SEEK_END)
                f.write(b"0000000000")
        again = self.eval_upstream(repo)
        self.assertEqual(again.stdout, first.stdout, again.stderr)
        broken = self.eval_upstream(repo, python="/nonexistent/python")  # the repaired entry answers alone
        self.assertEqual(broken.stdout, first.stdout, broken.stderr)

    def test_not_a_deepspeed_checkout(self):
        run = self.eval_upstream(self.root)
        self.assertEqual(run.returncode, 2)
        self.assertIn("not a DeepSpeed checkout", run.stderr)

    def test_no_directory_for_temporary_files(self):
        run = subprocess.run([ZFCHECK, "eval", "--upstream", self.checkout(), self.cases, "--no-cache"],
                             capture_output=True, text=True, env={**os.environ, "TMPDIR": os.path.join(self.root, "none")})
        self.assertEqual(run.returncode, 2, run.stderr)
        self.assertIn("no directory for temporary files ($TMPDIR)", run.stderr)

    def test_an_unknown_revision(self):
        repo = self.committed_checkout("one")
        run = self.eval_upstream(repo + "@no-such-rev")
        self.assertEqual(run.returncode, 2)
        self.assertIn("no revision no-such-rev", run.stderr)

    def test_a_python_that_cannot_run_points_at_the_python_option(self):
        run = self.zfcheck("eval", "--upstream", self.checkout(), self.cases, python="/nonexistent/py", cache=False)
        self.assertEqual(run.returncode, 2)
        self.assertIn("point --python at", run.stderr)

    def test_a_python_without_pydantic_2_points_at_the_python_option(self):
        fake = os.path.join(self.root, "fake")
        os.makedirs(fake)
        with open(os.path.join(fake, "pydantic.py"), "w") as f:
            f.write('VERSION = "1.10.0"\n')
        python = os.path.join(self.root, "python-without-pydantic-2")
        with open(python, "w") as f:
            f.write('#!/bin/sh\nPYTHONPATH=%s exec %s "$@"\n' % (fake, sys.executable))
        os.chmod(python, stat.S_IRWXU)
        run = self.zfcheck("eval", "--upstream", self.checkout(), self.cases, python=python, cache=False)
        self.assertEqual(run.returncode, 2)
        self.assertIn("no pydantic 2", run.stderr)
        self.assertEqual(run.stdout, "")

    def test_a_runner_that_dies_names_its_case_and_nothing_is_printed_as_complete(self):
        self.write_cases(CASES + [{"id": "fatal", "zenflow": {}, "dataloader_len": 7}])
        run = self.eval_upstream(self.checkout(die_on_len=7))
        self.assertEqual(run.returncode, 2)
        self.assertIn('the upstream runner stopped (exit status 9) on the case {"id":"fatal"', run.stderr)
        self.assertEqual(run.stdout, "")

    def test_a_revision_without_the_stage_3_file_leaves_stage_3_unmodelled(self):
        results = self.results(self.eval_upstream(self.checkout(omit=(STAGE3, ))))
        by_id = {r["id"]: r for r in results}
        self.assertEqual(by_id["step"]["outcome"], "unmodelled")
        self.assertIn(STAGE3, by_id["step"]["error"]["message"])
        self.assertEqual(by_id["default"]["outcome"], "ok")

    def test_zenflow_config_passed_positionally_reaches_the_base_optimizer(self):
        results = self.results(self.eval_upstream(self.checkout(positional=True)))
        self.assertEqual({r["id"]: r["selections"] for r in results}["default"], [0])

    def test_sweep_and_diff_run_on_upstream(self):
        repo = self.checkout()
        sweep = self.zfcheck("sweep", "--upstream", repo, "--json", cache_dir=self.grid_cache)
        self.assertIn(sweep.returncode, (0, 1), sweep.stderr)
        self.assertEqual(json.loads(sweep.stdout)["profile"], "upstream@worktree")
        diff = self.zfcheck("diff", "--from", "upstream:" + repo, "--to", "upstream:" + repo, cache_dir=self.grid_cache)
        self.assertEqual(diff.returncode, 0, diff.stderr)
        self.assertIn("0 of 344147 cases differ", diff.stdout)

    def test_history_lists_each_commit_that_changed_the_runners_files_against_the_baseline(self):
        repo = self.committed_checkout("base")
        with open(os.path.join(repo, "README"), "w") as f:
            f.write("no file the runner loads\n")
        git(repo, "add", "README")
        git(repo, "commit", "-qm", "unrelated")
        write_checkout(repo, engine_scale=1)
        git(repo, "commit", "-qam", "plant an engine defect")
        run = self.zfcheck("history", "--upstream", repo, "--since", "HEAD~2", *COERCION, cache_dir=self.grid_cache)
        self.assertEqual(run.returncode, 0, run.stderr)
        lines = [line for line in run.stdout.splitlines() if not line.startswith(" ")]  # a commit's first lines
        self.assertRegex(lines[0], r"^[0-9a-f]{7,} \d{4}-\d\d-\d\d base: the first evaluated$")
        self.assertRegex(lines[1], r"^[0-9a-f]{7,} \d{4}-\d\d-\d\d plant an engine defect: [1-9]\d* cases changed "
                                   r"\(grid blocks: coercion\)$")
        # The defect is one changed line, which the grid runs.
        self.assertRegex(run.stdout, r"plant an engine defect: .*\n(    .*\n)*    patch coverage: the one changed code line "
                                     r"ran \(zfcheck's statement marks\)\n")
        self.assertNotIn("unrelated", run.stdout)
        typo = self.zfcheck("history", "--upstream", repo, "--invariant", "no-such-invariant")
        self.assertEqual(typo.returncode, 2)
        self.assertIn("no invariant no-such-invariant", typo.stderr)

    def test_review_compares_base_and_head_and_the_ci_script_writes_the_comment(self):
        repo = self.committed_checkout("base")
        write_checkout(repo, engine_scale=1)
        git(repo, "commit", "-qam", "head")
        shas = [subprocess.run(["git", "-C", repo, "rev-parse", "--short=9", rev], capture_output=True,
                               text=True).stdout.strip() for rev in ("HEAD~1", "HEAD")]
        run = self.zfcheck("review", "--upstream", repo, "--base", "HEAD~1", "--head", "HEAD", "--format", "json",
                           *COERCION, cache_dir=self.grid_cache)
        self.assertIn(run.returncode, (0, 1), run.stderr)
        review = json.loads(run.stdout)
        self.assertEqual((review["base"], review["head"]), ("upstream@" + shas[0], "upstream@" + shas[1]))
        self.assertEqual(run.returncode, 0 if review["passes"] else 1)
        self.assertEqual(review["coverage"]["unreached"], [])  # the planted line runs
        self.assertGreater(review["diff"]["differing"], 0)  # the planted engine defect changes results
        output = os.path.join(self.root, "review-comment")
        script = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ci", "review_pr.sh")
        ci = subprocess.run([script, ZFCHECK, repo, "HEAD~1", "HEAD", output, sys.executable, *COERCION],
                            capture_output=True,
                            text=True, env={**os.environ, "XDG_CACHE_HOME": self.grid_cache_dir.name})
        self.assertEqual(ci.returncode, run.returncode, ci.stderr)
        with open(output) as f:
            text = f.read()
        self.assertIn("# ZenFlow review: upstream@%s -> upstream@%s" % tuple(shas), text)
        self.assertIn("## Resolution table", text)
        self.assertIn("grid cases (only the blocks `coercion`)", text)  # the further options reached review
        failed = subprocess.run([script, ZFCHECK, repo, "HEAD~1", "no-such-rev", output, sys.executable],
                                capture_output=True, text=True)
        self.assertEqual(failed.returncode, 2)
        with open(output) as f:
            self.assertIn("no revision no-such-rev", f.read())

    def test_review_lists_the_changed_lines_no_case_reaches_and_fails(self):
        repo = self.committed_checkout("base")
        engine = os.path.join(repo, "deepspeed/runtime/zenflow/engine.py")
        with open(engine) as f:
            text = f.read()
        # Upstream's required_torch_version is always true under the runner: the raise below it never runs.
        text = text.replace('raise ValueError("old torch")', 'raise ValueError("torch is too old for ZenFlow")')
        text = text.replace("engine.full_warm_up_rounds = cfg.full_warm_up_rounds",
                            "# the warm-up, as configured\n    engine.full_warm_up_rounds = int(cfg.full_warm_up_rounds)")
        with open(engine, "w") as f:
            f.write(text)
        git(repo, "commit", "-qam", "head")
        unreached_line = text.splitlines().index('        raise ValueError("torch is too old for ZenFlow")') + 1
        run = self.zfcheck("review", "--upstream", repo, "--base", "HEAD~1", "--head", "HEAD", "--format", "json",
                           *COERCION, cache_dir=self.grid_cache)
        self.assertEqual(run.returncode, 1, run.stderr)
        review = json.loads(run.stdout)
        self.assertFalse(review["introduced"])
        self.assertFalse(review["passes"])
        coverage = review["coverage"]
        # Three changed lines: the raise (never run), the comment (no code), the warm-up (run on every case).
        self.assertEqual((coverage["changed"], coverage["code"], coverage["reached"]), (3, 2, 1))
        self.assertEqual(coverage["unreached"], [{"file": "deepspeed/runtime/zenflow/engine.py", "line": unreached_line,
                                                  "text": '        raise ValueError("torch is too old for ZenFlow")'}])
        self.assertEqual(coverage["tool"], "zfcheck's statement marks")
        # The markdown lists it; answered from the cache alone (no Python), the lines that ran come back too.
        comment = self.zfcheck("review", "--upstream", repo, "--base", "HEAD~1", "--head", "HEAD", *COERCION,
                               python="/nonexistent/python", cache_dir=self.grid_cache)
        self.assertEqual(comment.returncode, 1, comment.stderr)
        self.assertIn("but 1 changed code line ran in no case", comment.stdout)
        self.assertIn('engine.py:%d:         raise ValueError("torch is too old for ZenFlow")' % unreached_line,
                      comment.stdout)

    def test_replay_holds_upstream_results_to_one_profiles_expectations(self):
        repo = self.committed_checkout("one")
        held = self.zfcheck("replay", SEED, "--upstream", repo + "@HEAD", "--expect", "deepspeed-edaa722")
        self.assertEqual(held.returncode, 0, held.stdout + held.stderr)
        self.assertRegex(held.stdout, r"replay: 1 seed, 1 expectation of deepspeed-edaa722 through upstream@[0-9a-f]{9}, "
                                      r"0 mismatches\n$")
        # pr-8456 warns where edaa722 stays silent: the fixture (edaa722's code) departs from it.
        departs = self.zfcheck("replay", SEED, "--upstream", repo + "@HEAD", "--expect", "pr-8456")
        self.assertEqual(departs.returncode, 1, departs.stderr)
        self.assertRegex(departs.stdout, r"upstream@[0-9a-f]{9} +warnings +\[\"select-interval-never-repeats\"")
        self.assertIn("replay: 1 seed, 1 expectation of pr-8456", departs.stdout)
        # A revision no built-in profile models needs --expect; a seed without that expectation is skipped.
        unnamed = self.zfcheck("replay", SEED, "--upstream", repo + "@HEAD")
        self.assertEqual(unnamed.returncode, 2)
        self.assertIn("is not the revision of a built-in profile: name the expectations", unnamed.stderr)
        skipped = self.zfcheck("replay", SEED, "--upstream", repo, "--expect", "pr-8456:warning_raises=on")
        self.assertEqual(skipped.returncode, 2, skipped.stderr)
        self.assertIn("0 expectations of pr-8456:warning_raises=on through upstream@worktree, "
                      "0 mismatches, 1 without an expectation", skipped.stdout)

    def interrupted(self, sig, *args):
        """zfcheck ARGS (on the fixture), sent `sig` once both runners are up: the runners' pids, its exit
        status, its output, and the TMPDIR it was given."""
        tmp = os.path.join(self.root, "tmp")
        os.makedirs(tmp)
        run = subprocess.Popen([ZFCHECK, *args, "--python", sys.executable, "--cache-dir", self.cache, "--jobs", "2"],
                               env={**os.environ, "TMPDIR": tmp}, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True)
        deadline = time.monotonic() + 60
        while len(children(run.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        runners = children(run.pid)
        time.sleep(0.5)  # results flowing, cache entries being written
        os.kill(run.pid, sig)
        out, err = run.communicate(timeout=60)
        return runners, run.returncode, out, err, tmp

    def test_an_interrupt_stops_the_runners_and_leaves_no_temporary_file(self):
        runners, status, out, err, tmp = self.interrupted(signal.SIGINT, "sweep", "--upstream", self.checkout())
        self.assertEqual(len(runners), 2)
        self.assertEqual(status, -signal.SIGINT, err)
        self.assertEqual((out, err), ("", ""))
        self.assertEqual([pid for pid in runners if alive(pid)], [])
        self.assertEqual(os.listdir(tmp), [])
        self.assertEqual([f for f in glob.glob(os.path.join(self.cache, "*", "*")) if ".tmp." in f], [])

    def test_a_runner_stuck_in_upstream_code_stops_when_zfcheck_is_killed(self):
        self.write_cases([{"zenflow": {}, "dataloader_len": 7}] * 2)
        runners, status, _, _, _ = self.interrupted(signal.SIGKILL, "eval", "--upstream", self.checkout(hang_on_len=7),
                                                    self.cases)
        self.assertEqual((len(runners), status), (2, -signal.SIGKILL))
        deadline = time.monotonic() + 10
        while any(alive(pid) for pid in runners) and time.monotonic() < deadline:
            time.sleep(0.1)
        self.assertEqual([pid for pid in runners if alive(pid)], [])

class ConformanceInvalidCases(unittest.TestCase):

    def test_cases_the_model_refuses_are_listed_with_their_reason(self):
        with tempfile.TemporaryDirectory() as root:
            write_checkout(os.path.join(root, "ds"))
            cases = os.path.join(root, "cases.jsonl")
            with open(cases, "w") as f:
                f.writelines(json.dumps({"zenflow": {}, "dataloader_len": n}) + "\n" for n in (-1, -5, 2**63))
            run = subprocess.run([ZFCHECK, "conformance", cases, "--upstream", os.path.join(root, "ds"),
                                  "--profile", "deepspeed-edaa722", "--python", sys.executable, "--no-cache"],
                                 capture_output=True, text=True)
        self.assertEqual(run.returncode, 2)
        self.assertIn("3 lines are not a case the model accepts (invalid_case)", run.stdout)
        self.assertIn("line 3: dataloader_len must be", run.stdout)


if __name__ == "__main__":
    exit_unless_pydantic_2("the upstream engine")
    unittest.main(argv=[sys.argv[0], "-v"])
