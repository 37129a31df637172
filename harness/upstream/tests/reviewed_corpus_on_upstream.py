"""ctest: the reviewed corpus's expectations held against code the model did not write.

Usage: reviewed_corpus_on_upstream.py ZFCHECK REVIEWED_DIR. Needs Python 3 with pydantic 2 (else exits 77,
skipped, with the reason). Always: every seed through upstream's runner on the checkout-shaped fixture
(fixture_checkout.py), held to deepspeed-edaa722's expectations; the fixture is a miniature of edaa722's
code, so the seeds must hold except exactly the DEPARTURES below, each a rule the miniature leaves out,
and the whole-config seeds (the miniature has no DeepSpeedConfig, runtime/config.py).
With DEEPSPEED_SRC naming a DeepSpeed clone (with refs/pull/8274/head fetched): every seed through the
real code of each revision a built-in profile models, held to that profile's expectations, with no
mismatch (the elastic training seeds only where this Python has numpy and packaging, else it says they were
not run); without it, says that this part was not run.
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

from fixture_checkout import write_checkout
from test_conformance import exit_unless_pydantic_2, git

ZFCHECK, REVIEWED = sys.argv[1], sys.argv[2]

# Seeds whose expectations the fixture cannot meet, and the upstream rule its miniature leaves out.
DEPARTURES = {
    "select-interval-given-as-the-string-10-is-rejected":
        "the validator's 'select_interval must be a number' check (the fixture's result is unrepresentable)",
    "step-strategy-with-select-interval-minus-5-and-update-interval-1-raises":
        "the optimizer copy's 'select interval >= update interval' check",
    "steps-per-epoch-2-with-epoch-1-and-update-interval-4-only-the-optimizer-copy":
        "the optimizer copy's 'select interval >= update interval' check",
    "steps-per-epoch-minus-5-with-update-interval-4-raises-in-the-optimizer-copy-on":
        "the optimizer copy's 'select interval >= update interval' check",
    "tutorial-config-with-a-dataloader-of-3-shorter-than-its-update-interval-4":
        "the optimizer copy's 'select interval >= update interval' check",
    "tutorial-config-with-steps-per-epoch-3-and-no-dataloader":
        "the optimizer copy's 'select interval >= update interval' check",
}

# The revisions the built-in profiles model (replay's default --expect for each).
REVISIONS = ["edaa72212", "refs/pull/8274/head"]


def replay(source, cache, *expect, corpus=REVIEWED):
    """`zfcheck replay` of the corpus through upstream's code at `source`: (exit status, output)."""
    run = subprocess.run([ZFCHECK, "replay", corpus, "--upstream", source, "--python", sys.executable,
                          "--cache-dir", cache, *expect], capture_output=True, text=True, timeout=1200)
    return run.returncode, run.stdout + run.stderr


def whole_config_seeds():
    """The seeds whose case is a whole config: the fixture, which has no runtime/config.py, answers none."""
    seeds = set()
    for path in glob.glob(os.path.join(REVIEWED, "*.json")):
        with open(path, encoding="utf-8") as f:
            if "deepspeed_config" in json.load(f)["case"]:
                seeds.add(os.path.basename(path)[:-len(".json")])
    return seeds


def elastic_seeds():
    """The seeds whose config turns elastic training on: upstream's batch sizes need numpy and packaging."""
    seeds = set()
    for path in glob.glob(os.path.join(REVIEWED, "*.json")):
        with open(path, encoding="utf-8") as f:
            elasticity = json.load(f)["case"].get("deepspeed_config", {}).get("elasticity")
        if isinstance(elasticity, dict) and elasticity.get("enabled"):
            seeds.add(os.path.basename(path)[:-len(".json")])
    return seeds


def corpus_this_python_runs(work):
    """The reviewed corpus, less the elastic training seeds when this Python lacks numpy or packaging (DeepSpeed's
    own dependencies; the runner has only stand-ins for them), and a line saying what was left out."""
    try:
        import numpy, packaging  # noqa: F401
        return REVIEWED, None
    except ImportError:
        pass
    left_out = elastic_seeds()
    corpus = os.path.join(work, "reviewed")
    os.makedirs(corpus)
    for path in glob.glob(os.path.join(REVIEWED, "*.json")):
        if os.path.basename(path)[:-len(".json")] not in left_out:
            shutil.copy(path, corpus)
    return corpus, ("%d elastic training seeds not run on upstream's real code: %s has no numpy or packaging"
                    % (len(left_out), sys.executable))


def mismatched_seeds(output):
    """The seeds named by the rows of replay's mismatch table."""
    lines = output.splitlines()
    rule = next((i for i, line in enumerate(lines) if line.startswith("---")), None)
    if rule is None:
        return set()
    seeds = set()
    for line in lines[rule + 1:]:
        if not line.strip():
            break
        seeds.add(line.split()[0])
    return seeds


def main():
    exit_unless_pydantic_2("replaying the reviewed corpus through upstream's runner")
    failed = False
    with tempfile.TemporaryDirectory() as work:
        fixture = os.path.join(work, "fixture")
        write_checkout(fixture)
        git(fixture, "init", "-q")
        git(fixture, "add", "-A")
        git(fixture, "commit", "-qm", "fixture")
        status, output = replay(fixture + "@HEAD", os.path.join(work, "cache"), "--expect", "deepspeed-edaa722")
        seeds = mismatched_seeds(output)
        whole = whole_config_seeds()
        expected = set(DEPARTURES) | whole
        if status not in (0, 1) or seeds != expected:
            failed = True
            print("FAIL: the fixture's departures from deepspeed-edaa722's expectations changed")
            for seed in sorted(seeds - expected):
                print("  new departure: " + seed)
            for seed in sorted(expected - seeds):
                print("  no longer departs (drop it from DEPARTURES): " + seed)
            print(output)
        else:
            print("fixture: every seed holds to deepspeed-edaa722's expectations but the %d listed departures "
                  "and the %d whole-config seeds" % (len(DEPARTURES), len(whole)))
        source = os.environ.get("DEEPSPEED_SRC", "")
        if not source:
            print("upstream's real code: not run (set DEEPSPEED_SRC to a clone of deepspeedai/DeepSpeed with "
                  "refs/pull/8274/head fetched)")
        corpus, left_out = corpus_this_python_runs(work) if source else (REVIEWED, None)
        if left_out:
            print(left_out)
        for rev in REVISIONS if source else []:
            status, output = replay(source + "@" + rev, os.path.join(work, "cache"), corpus=corpus)
            print(output.rstrip())
            if status != 0:
                failed = True
                print("FAIL: the reviewed corpus does not hold on upstream@%s" % rev)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
