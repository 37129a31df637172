"""ctest: revisions a reviewer brings, on the fixture checkout: a warning added or reworded, a field the model
does not know, and what upstream's code does that the runner cannot stand in for.

Usage: test_revision_changes.py ZFCHECK. Exits 77 (skipped) with the reason printed when this Python has no
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

ZFCHECK = sys.argv[1] if len(sys.argv) > 1 else "zfcheck"
RUNNER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "zf_upstream.py")

# PR #8456's warning (the model's words for select-interval-never-repeats), and words a revision may use.
PR_8456_WARNING = ("ZenFlow will select its important columns once and never re-select them: no epoch length is "
                   "known. Pass training_data= to deepspeed.initialize(), set zenflow.steps_per_epoch, or use "
                   "select_strategy \"step\" with an integer select_interval.")
REWORDED = ("ZenFlow: select_strategy resolves to 'epoch' but no epoch length is known; the columns are picked "
            "only at the first step and not re-picked.")
ADDED = "ZenFlow: select_interval resolves to 0, so the important columns are chosen once and never again."


def warns_when_interval_is_0(text):
    """Optimizer code that logs `text` when select_interval resolves to 0."""
    return ("if self.select_interval == 0:", "    logger.warning(%r)" % text)


# A field the model does not know, whose defect only a case that sets it shows.
RESELECT_EVERY = {"new_fields": ("reselect_every: int = 0", ),
                  "optimizer_code": ("if cfg.reselect_every:", "    self.select_interval = cfg.reselect_every")}


class RevisionChanges(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        cls.cache_dir = tempfile.TemporaryDirectory()  # shared: each distinct set of files walks the grid once

    @classmethod
    def tearDownClass(cls):
        cls.cache_dir.cleanup()

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.root = self.dir.name

    def tearDown(self):
        self.dir.cleanup()

    def zfcheck(self, *args, stdin=None):
        return subprocess.run([ZFCHECK, *args, "--python", sys.executable, "--cache-dir", self.cache_dir.name,
                               "--jobs", "2"], input=stdin, capture_output=True, text=True, timeout=600)

    def history(self, base, head):
        """A repository whose HEAD~1 is the fixture written with `base`'s options and HEAD with `head`'s."""
        repo = os.path.join(self.root, "repo")
        write_checkout(repo, **base)
        git(repo, "init", "-q")
        git(repo, "add", ".")
        git(repo, "commit", "-qm", "base")
        write_checkout(repo, **head)
        git(repo, "commit", "-qam", "head")
        return repo

    def eval_upstream(self, spec, cases):
        run = self.zfcheck("eval", "--upstream", spec, stdin="".join(json.dumps(c) + "\n" for c in cases))
        self.assertEqual(run.returncode, 0, run.stderr)
        return [json.loads(line) for line in run.stdout.splitlines()]

    def review(self, repo, blocks="coercion", format="json"):
        """A review on part of the grid (--grid-blocks): each test walks the blocks that show what it checks."""
        run = self.zfcheck("review", "--upstream", repo, "--base", "HEAD~1", "--head", "HEAD", "--format", format,
                           "--grid-blocks", blocks)
        if format != "json":
            return run
        self.assertIn(run.returncode, (0, 1), run.stderr)
        return run.returncode, json.loads(run.stdout)

    def assert_nothing_unmodelled(self, review):
        changes = [g["change"] for g in review["diff"]["groups"]]
        self.assertEqual([c for c in changes if "unmodelled" in c], [])

    def test_a_revision_that_adds_a_warning_is_reviewed_by_what_it_says(self):
        repo = self.history({}, {"optimizer_code": warns_when_interval_is_0(ADDED)})
        (result, ) = self.eval_upstream(repo + "@HEAD", [{"zenflow": {}}])
        self.assertEqual((result["outcome"], result["warnings"]), ("ok", [ADDED]))
        status, review = self.review(repo)
        self.assert_nothing_unmodelled(review)
        self.assertIn({"invariant": "reselects-or-warns", "status": "fixed"},
                      [{k: i[k] for k in ("invariant", "status")} for i in review["invariants"]])
        self.assertTrue(any("warnings +select-interval-never-repeats" in g["change"] for g in review["diff"]["groups"]),
                        [g["change"] for g in review["diff"]["groups"]])
        self.assertEqual(status, 0)

    def test_a_revision_that_rewords_a_warning_changes_nothing_but_its_words(self):
        repo = self.history({"optimizer_code": warns_when_interval_is_0(PR_8456_WARNING)},
                            {"optimizer_code": warns_when_interval_is_0(REWORDED)})
        results = self.eval_upstream(repo + "@HEAD", CASES)
        self.assertEqual([r["outcome"] for r in results if r["outcome"] == "unmodelled"], [])
        self.assertEqual({r["id"]: r["warnings"] for r in results}["default"], [REWORDED])
        status, review = self.review(repo)
        self.assertEqual(status, 0)
        self.assert_nothing_unmodelled(review)
        self.assertEqual([g["change"] for g in review["diff"]["groups"]], ["warnings reworded"])
        self.assertEqual([c for c in review["diff"]["causes"] if c["status"] != "remaining"], [])
        fits = []
        for rev in ("HEAD~1", "HEAD"):
            fit = self.zfcheck("profiles", "fit", "--upstream", repo + "@" + rev, "--grid-blocks", "coercion")
            self.assertEqual(fit.returncode, 1, fit.stderr)  # the miniature is no profile: the nearest is named
            fits.append(re.sub(r"upstream@[0-9a-f]+", "upstream@REV", fit.stdout.replace(repo + "@" + rev, "REPO@REV")))
        self.assertRegex(fits[1], r"\nno setting reproduces it; nearest \(\d+ cases differ\): topk_ratio_open_interval=")
        self.assertEqual(fits[1], fits[0])

    def test_cases_a_stand_in_cannot_serve_are_not_evaluated_and_never_read_as_no_change(self):
        repo = self.history({}, {"engine_code": ("engine.train_micro_batch_size_per_gpu()", )})
        status, review = self.review(repo)
        self.assert_nothing_unmodelled(review)
        unanswered = review["diff"]["not_evaluated"]
        self.assertEqual(list(review)[:3], ["base", "head", "not_evaluated"])  # said first
        self.assertEqual(review["not_evaluated"], unanswered)
        reason = (f"{review['diff']['to']}: RunnerStandIn: zfcheck's runner has only a stand-in for EngineStub: upstream's code reads "
                  "what it lacks ('EngineStub' object has no attribute 'train_micro_batch_size_per_gpu')")
        self.assertEqual(unanswered["reasons"], [{"reason": reason, "count": unanswered["count"]}])
        self.assertTrue(0 < unanswered["count"] < review["diff"]["cases"], unanswered)  # invalid blocks still answer
        self.assertEqual((status, review["diff"]["differing"], review["diff"]["groups"]), (0, 0, []))
        # Invariants are judged on the cases both answered: none is "fixed" by cases the head left unanswered.
        self.assertEqual([i["invariant"] for i in review["invariants"] if i["status"] != "still broken"], [])
        count = unanswered["count"]
        text = self.review(repo, format="markdown").stdout
        self.assertNotIn("No grid case behaves differently", text)
        self.assertIn(f"**Verdict: the head introduces no finding in the {review['diff']['cases'] - count} grid cases "
                      f"both revisions answered; {count} cases not evaluated (the runner could not answer them: "
                      + reason, text)
        self.assertIn("No grid case both revisions answered behaves differently.", text)
        diff = self.zfcheck("diff", "--from", f"upstream:{repo}@HEAD~1", "--to", f"upstream:{repo}@HEAD",
                            "--grid-blocks", "coercion")
        self.assertEqual(diff.returncode, 0, diff.stderr)
        self.assertIn(f" differ, in 0 groups\n  {count} cases not evaluated (the runner could not answer them: "
                      + reason, diff.stdout)
        history = self.zfcheck("history", "--upstream", repo, "--grid-blocks", "coercion")
        self.assertEqual(history.returncode, 0, history.stderr)
        self.assertIn(f" head: 0 cases changed (grid blocks: coercion); {count} cases not evaluated (the runner "
                      "could not answer them: upstream@", history.stdout)
        self.assertIn("reselects-or-warns: appeared at ", history.stdout)
        self.assertNotIn("vanished", history.stdout)  # their cases were not evaluated at the head
        sweep = self.zfcheck("sweep", "--upstream", f"{repo}@HEAD", "--grid-blocks", "coercion", "--json")
        self.assertEqual(json.loads(sweep.stdout)["not_evaluated"], unanswered)

    def test_a_field_the_model_does_not_know_is_carried_swept_and_its_defect_found(self):
        repo = self.history({}, RESELECT_EVERY)
        (result, ) = self.eval_upstream(repo + "@HEAD", [{"zenflow": {"reselect_every": -1}}])
        self.assertEqual(list(result["config"])[-2:], ["steps_per_epoch", "reselect_every"])
        self.assertEqual(result["config"]["reselect_every"], -1)
        self.assertEqual(result["resolved"]["select_interval"], -1)
        status, review = self.review(repo, blocks="unknown-key")
        self.assertEqual(review["swept_fields"], [{
            "name": "reselect_every", "annotation": "int",
            "values": [0, None, 1, -1, 9223372036854775807, "x", 1.5, True, []], "cases": 9 * 144}])
        introduced = [c for c in review["diff"]["causes"] if c["status"] == "introduced"]
        self.assertTrue(introduced)
        self.assertTrue(all("reselect_every" in c["example"]["zenflow"] for c in introduced), introduced)
        self.assertIn("interval-not-negative", {c["invariant"] for c in introduced})
        self.assertEqual((status, review["introduced"]), (1, True))
        text = self.review(repo, blocks="unknown-key", format="text")
        self.assertIn("reselect_every (int), which the model does not know: tried 0, null, 1, -1, "
                      "9223372036854775807, \"x\", 1.5, true, [] (1296 cases", text.stdout)
        self.assertIn("new in head: reselect_every", text.stdout)
        self.assertIn("Verdict: the head introduces a finding the base did not have (", text.stdout)

    def test_a_revision_without_new_fields_reviews_as_before(self):
        repo = self.history({}, {"engine_scale": 1})
        _, review = self.review(repo, blocks="whole-config,non-object")
        self.assertEqual(review["swept_fields"], [])
        self.assertEqual(review["diff"]["cases"], 1269 + 198)  # the blocks named, no field block
        self.assertEqual(review["grid_blocks"], ["whole-config", "non-object"])
        text = self.review(repo, blocks="whole-config,non-object", format="markdown").stdout
        self.assertIn(" of 1467 grid cases (only the blocks `whole-config`, `non-object`) behave differently", text)


class RunnerFailures(unittest.TestCase):
    """The runner fails loudly, and only upstream's own errors are reported as upstream's."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.checkout = os.path.join(self.dir.name, "ds")

    def tearDown(self):
        self.dir.cleanup()

    def eval_cases(self, files=None, **fixture):
        """The cases' results on the fixture written with `fixture`'s options, then its `files` (path: text)
        rewritten (a text's "{}" is the file as the fixture wrote it)."""
        write_checkout(self.checkout, **fixture)
        for path, text in (files or {}).items():
            full = os.path.join(self.checkout, path)
            with open(full, encoding="utf-8") as f:
                written = f.read()
            with open(full, "w", encoding="utf-8") as f:
                f.write(text.replace("{}", written))
        run = subprocess.run([ZFCHECK, "eval", "--upstream", self.checkout, "--python", sys.executable, "--no-cache",
                              "--jobs", "1"], input="".join(json.dumps(c) + "\n" for c in CASES), capture_output=True,
                             text=True)
        self.assertEqual(run.returncode, 0, run.stderr)
        return {r["id"]: r for r in map(json.loads, run.stdout.splitlines())}

    def assert_runner_error(self, results, error_type, words,
                            case_ids=("default", "dataloader", "step", "epoch", "warning", "offload")):
        """Each of `case_ids` (cases that reach the set-up) is unmodelled, `words` in its message."""
        for case_id in case_ids:
            r = results[case_id]
            self.assertEqual((r["outcome"], r["error"]["type"]), ("unmodelled", error_type), r)
            self.assertIn(words, r["error"]["message"])
        self.assertEqual(results["bad"]["outcome"], "config_error")  # validation still upstream's own

    def test_a_stand_in_used_by_upstream_is_the_runners_failure_not_upstreams(self):
        results = self.eval_cases(engine_code=("import torch", "torch.cuda.device_count()"))
        self.assert_runner_error(results, "RunnerStandIn", "zfcheck's runner has only a stand-in for "
                                 "torch.cuda.device_count")

    def test_an_answer_from_a_stand_in_is_never_cached(self):
        # It says what this environment can run (a Python without numpy, say), not what the revision does.
        write_checkout(self.checkout, engine_code=("import torch", "torch.cuda.device_count()"))
        cache = os.path.join(self.dir.name, "cache")
        run = subprocess.run([ZFCHECK, "eval", "--upstream", self.checkout, "--python", sys.executable, "--cache-dir",
                              cache, "--jobs", "1"], input="".join(json.dumps(c) + "\n" for c in CASES),
                             capture_output=True, text=True)
        self.assertIn("RunnerStandIn", run.stdout)
        for root, _, files in os.walk(cache):
            for name in files:
                with open(os.path.join(root, name), encoding="utf-8") as f:
                    self.assertNotIn("RunnerStandIn", f.read(), name)

    def test_a_stand_in_use_that_upstream_swallows_is_still_reported(self):
        results = self.eval_cases(engine_code=("from deepspeed.accelerator import get_accelerator",
                                               "hasattr(get_accelerator(), 'pin_memory')"))
        self.assert_runner_error(results, "RunnerStandIn", "deepspeed.accelerator.get_accelerator(...).pin_memory")

    def test_an_attribute_the_base_optimizer_stand_in_lacks_is_the_runners_failure(self):
        # DeepSpeed's own ZeRO optimizer sets it in __init__; the runner's stand-in for it does not.
        results = self.eval_cases(optimizer_code=("self.dp_process_group", ))
        self.assert_runner_error(results, "RunnerStandIn", "only a stand-in for ZeroOptimizerBase (the base of "
                                 "ZenFlowZeroOptimizer): upstream's code reads what it lacks ('ZenFlowZeroOptimizer' "
                                 "object has no attribute 'dp_process_group')", case_ids=("default", "dataloader", "epoch"))

    def test_a_name_a_stubbed_star_import_would_give_is_the_runners_failure(self):
        # DeepSpeedConfig at #7516 and before names QUANTIZE_TRAINING, from compression/constants.py's star import.
        results = self.eval_cases(engine_code=("QUANTIZE_TRAINING", ), files={
            "deepspeed/runtime/zenflow/engine.py": "from deepspeed.compression.constants import *\n{}"})
        self.assert_runner_error(results, "RunnerStandIn", "only a stand-in for deepspeed.compression.constants: "
                                 "deepspeed.runtime.zenflow.engine star-imports it and names QUANTIZE_TRAINING, which "
                                 "nothing else gives it (NameError)")

    def test_another_features_parser_is_named_as_upstreams_own(self):
        # DeepSpeedConfig calls WeightQuantConfig(**block): Python's TypeError for a block that is not a mapping
        # names the class as upstream names it, not the runner's stand-in.
        results = self.eval_cases(engine_code=("from deepspeed.inference.config import WeightQuantConfig",
                                               "WeightQuantConfig(**[])"))
        self.assertEqual(results["default"]["error"],
                         {"type": "TypeError", "field": None,
                          "message": "deepspeed.inference.config.WeightQuantConfig() argument after ** must be a "
                                     "mapping, not list"})

    def test_a_name_no_stand_in_could_give_is_upstreams_own_name_error(self):
        results = self.eval_cases(engine_code=("QUANTIZE_TRAINING", ))
        for case_id in ("default", "dataloader", "step", "epoch", "warning", "offload"):
            self.assertEqual((results[case_id]["outcome"], results[case_id]["error"]),
                             ("init_error", {"type": "NameError", "field": None,
                                             "message": "name 'QUANTIZE_TRAINING' is not defined"}), case_id)

    def test_an_exception_inside_a_stand_in_is_the_runners_failure(self):
        # The real logger reports a bad format on stderr and goes on; the runner's stand-in raised.
        results = self.eval_cases(engine_code=("from deepspeed.utils import logger", "logger.warning('%d', 'x')"))
        self.assert_runner_error(results, "RunnerStandIn", "only a stand-in for RecordingLogger.warning: it raised "
                                 "TypeError: %d format: a real number is required, not str")

    def test_an_attribute_a_stand_in_lacks_is_the_runners_failure(self):
        results = self.eval_cases(engine_code=("engine.train_micro_batch_size_per_gpu()", ))
        self.assert_runner_error(results, "RunnerStandIn", "only a stand-in for EngineStub: upstream's code reads "
                                 "what it lacks ('EngineStub' object has no attribute 'train_micro_batch_size_per_gpu')")

    def test_a_feature_the_cases_do_not_use_reads_as_off(self):
        # A feature whose parser the runner does not run (OTHER_FEATURES) reads as off where upstream asks.
        results = self.eval_cases(engine_code=("from deepspeed.monitor.monitor import MonitorMaster",
                                               "assert not MonitorMaster(None).enabled, 'on'"))
        self.assertEqual(results["default"]["outcome"], "ok", results["default"])

    def test_a_renamed_zenflow_config_parameter_names_the_signature(self):
        results = self.eval_cases(positional=True, zenflow_parameter="zf_config")
        self.assert_runner_error(results, "RunnerStandIn", "found __init__(self, init_optimizer, param_names, "
                                 "timers, optimizer_params, zf_config, **kwargs) calling it with 5 positional "
                                 "arguments and the keywords ()",
                                 case_ids=("default", "dataloader", "epoch", "offload"))
        self.assertEqual(results["step"]["outcome"], "ok")  # stage 3 builds no ZeRO-1/2 optimizer
        self.assertEqual(results["warning"]["error"]["type"], "Warning")  # the engine raises first

    def test_a_value_json_cannot_hold_is_unmodelled_naming_it(self):
        results = self.eval_cases(new_fields=("tags: set = set()", ))
        self.assert_runner_error(results, "UnrepresentableResult", "config.tags is set() (a set, which JSON cannot")

    def test_the_runner_answers_every_line_naming_the_key_at_fault(self):
        write_checkout(self.checkout)
        full = {"zenflow": {}, "stage": 2, "micro_steps": 3, "dataloader_len": None}
        lines = [full, {**full, "micro_steps": "x"}, {**full, "micro_steps": True}, {**full, "stage": 4},
                 {**full, "dataloader_len": 2**63}, {**full, "overlap_comm": 1}, {**full, "id": 7},
                 {k: v for k, v in full.items() if k != "stage"}, [1], full]
        run = subprocess.run([sys.executable, RUNNER, "--deepspeed", self.checkout, "--max-micro-steps", "100"],
                             input="".join(json.dumps(c) + "\n" for c in lines) + "not json\n", capture_output=True,
                             text=True)
        self.assertEqual(run.returncode, 0, run.stderr)
        results = [json.loads(line) for line in run.stdout.splitlines()]
        self.assertEqual([(r["outcome"], (r["error"] or {}).get("field")) for r in results],
                         [("ok", None), ("invalid_case", "micro_steps"), ("invalid_case", "micro_steps"),
                          ("invalid_case", "stage"), ("invalid_case", "dataloader_len"),
                          ("invalid_case", "overlap_comm"), ("invalid_case", "id"), ("invalid_case", "stage"),
                          ("invalid_case", None), ("ok", None), ("invalid_case", None)])
        self.assertEqual(results[1]["error"]["message"], "line 2: micro_steps must be an integer from 0 to 100")
        self.assertIn("line 8: the case has no stage key", results[7]["error"]["message"])

    def test_the_schema_lists_each_field_with_its_annotation_bounds_and_default(self):
        write_checkout(self.checkout, new_fields=("mode: Literal['a', 'b'] = 'a'", "limit: Optional[int] = Field(3, gt=0, le=9)"))
        run = subprocess.run([sys.executable, RUNNER, "--deepspeed", self.checkout, "--schema"], capture_output=True,
                             text=True)
        self.assertEqual(run.returncode, 0, run.stderr)
        fields = {f["name"]: f for f in json.loads(run.stdout)["fields"]}
        self.assertEqual(fields["topk_ratio"], {"name": "topk_ratio", "annotation": "float", "kinds": ["float"],
                                                "literals": [], "bounds": {"ge": 0.0, "le": 1.0}, "default": 0.1})
        self.assertEqual(fields["mode"], {"name": "mode", "annotation": "Literal['a', 'b']", "kinds": [],
                                          "literals": ["a", "b"], "bounds": {}, "default": "a"})
        self.assertEqual(fields["limit"], {"name": "limit", "annotation": "Optional[int]", "kinds": ["int", "none"],
                                           "literals": [], "bounds": {"gt": 0, "le": 9}, "default": 3})


if __name__ == "__main__":
    exit_unless_pydantic_2("the upstream runner")
    unittest.main(argv=[sys.argv[0], "-v", *sys.argv[2:]])  # further arguments: the tests to run
