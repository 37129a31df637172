#!/usr/bin/env python3
"""Checks the GitHub Actions workflows (.github/workflows/*.yml, and the review job for DeepSpeed in
harness/upstream/ci/): each parses, has jobs with steps, and every script, path, run.sh mode, CMake preset and
target it names exists; the ClusterFuzzLite ones use the language of .clusterfuzzlite/project.yaml, together
cover PR fuzzing, batch fuzzing, pruning and coverage, and the CI one runs the README's test command.
The review jobs for DeepSpeed: none runs under pull_request_target; the one that executes the pull request's
code (on: pull_request) has no write permission and names no secret; the one that comments (on: workflow_run)
checks out nothing and runs no file; no run script interpolates ${{ }} (values come through env); each
`zfcheck` command review_pr.sh runs is a subcommand with those options (asked of ZFCHECK's --help, when
given); the release asset the review job may install is one release.yml publishes.

Usage: workflows_test.py SOURCE_DIR [ZFCHECK]. Exit 0 when all hold; otherwise 1, each problem on its own line.
"""
import glob
import json
import os
import re
import subprocess
import sys

import yaml

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
CFLITE_MODES = {"code-change", "batch", "prune", "coverage"}
# Where a workflow names zfcheck's own files other than by their path in this repository.
PREFIXES = {"zfcheck/": "", "/usr/share/zfcheck/": ""}


def read(path):
    with open(os.path.join(ROOT, path)) as f:
        return f.read()


def run_sh_modes():
    match = re.search(r"^\s*(main(?: \| \w+)+)\)", read("run.sh"), re.M)
    return set(match.group(1).split(" | ")) if match else set()


def presets():
    return {p["name"] for p in json.loads(read("CMakePresets.json"))["configurePresets"]}


def targets():
    names = set()
    for cmake in glob.glob(os.path.join(ROOT, "**", "CMakeLists.txt"), recursive=True) + \
            glob.glob(os.path.join(ROOT, "cmake", "*.cmake")):
        if "/build/" in cmake:
            continue
        with open(cmake) as f:
            names |= set(re.findall(r"\b(?:add_executable|add_library|add_custom_target|zfcheck_add_gtest)\((\w+)", f.read()))
    return names


def repo_path(word):
    """The repository path a word of a shell command names, or None when it names none of zfcheck's files."""
    word = word.strip("\"'")
    for prefix, replacement in PREFIXES.items():
        if word.startswith(prefix):
            return replacement + word[len(prefix):]
    if word.startswith("./"):
        word = word[2:]
    top = word.split("/")[0]
    if "/" in word and top and os.path.exists(os.path.join(ROOT, top)):
        return word
    if word in ("run.sh",):
        return word
    return None


def check_run(where, script, problems):
    for word in re.findall(r"[^\s;|&()<>=]+", script):
        path = repo_path(word)
        if path is not None and "$" not in path and not os.path.exists(os.path.join(ROOT, path)):
            problems.append(f"{where}: names {path}, which does not exist")
    for mode in re.findall(r"\./run\.sh\s+(\w+)", script):
        if mode not in run_sh_modes():
            problems.append(f"{where}: ./run.sh {mode} is not a mode of run.sh ({sorted(run_sh_modes())})")
    for preset in re.findall(r"--preset\s+([\w-]+)", script):
        if preset not in presets():
            problems.append(f"{where}: no preset {preset} in CMakePresets.json")
    for target in re.findall(r"--target\s+([\w-]+)", script):
        if target not in targets():
            problems.append(f"{where}: no CMake target {target}")


def check_paths_filter(where, workflow, problems):
    on = workflow.get(True) or workflow.get("on") or {}
    for event in ("pull_request", "push"):
        for pattern in ((on.get(event) or {}) if isinstance(on, dict) else {}).get("paths", []):
            literal = pattern.split("*")[0].rstrip("/")
            if literal and not os.path.exists(os.path.join(ROOT, literal)):
                problems.append(f"{where}: the paths filter {pattern} names nothing in the repository")


def check_workflow(path, problems, modes, for_deepspeed=False):
    where = os.path.relpath(path, ROOT)
    try:
        with open(path) as f:
            workflow = yaml.safe_load(f)
    except yaml.YAMLError as e:
        problems.append(f"{where}: does not parse: {e}")
        return
    if not isinstance(workflow, dict) or not (workflow.get(True) or workflow.get("on")) or not workflow.get("jobs"):
        problems.append(f"{where}: needs 'on' and 'jobs'")
        return
    if not for_deepspeed:
        check_paths_filter(where, workflow, problems)
    language = re.search(r"^language:\s*(\S+)", read(".clusterfuzzlite/project.yaml"), re.M).group(1)
    for name, job in workflow["jobs"].items():
        if "runs-on" not in job or not job.get("steps"):
            problems.append(f"{where}: job {name} needs runs-on and steps")
            continue
        for i, step in enumerate(job["steps"]):
            at = f"{where}: {name}, step {step.get('name', i + 1)}"
            if ("run" in step) == ("uses" in step):
                problems.append(f"{at}: needs exactly one of run and uses")
            if "run" in step:
                check_run(at, step["run"], problems)
            uses = step.get("uses", "")
            if uses.startswith("google/clusterfuzzlite/actions/"):
                args = step.get("with") or {}
                if uses.split("/")[3].startswith("build_fuzzers") and args.get("language") != language:
                    problems.append(f"{at}: language {args.get('language')}, .clusterfuzzlite/project.yaml says {language}")
                if "mode" in args:
                    if args["mode"] not in CFLITE_MODES:
                        problems.append(f"{at}: unknown ClusterFuzzLite mode {args['mode']}")
                    modes.add(args["mode"])


REVIEW_CI = ("harness/upstream/ci/zenflow-review.yml", "harness/upstream/ci/zenflow-review-comment.yml")


def load(path):
    with open(os.path.join(ROOT, path)) as f:
        return yaml.safe_load(f)


def events(workflow):
    on = workflow.get(True) or workflow.get("on") or {}
    return set(on) if isinstance(on, (dict, list)) else {on}


def writes(permissions):
    return permissions == "write-all" or (isinstance(permissions, dict) and "write" in permissions.values())


def check_review_ci(problems):
    """The review job runs untrusted code read-only; the comment job only reads the artifact as data."""
    for path in REVIEW_CI:
        workflow = load(path)
        kinds = events(workflow)
        if "pull_request_target" in kinds:
            problems.append(f"{path}: runs under pull_request_target")
        jobs = workflow.get("jobs") or {}
        steps = [step for job in jobs.values() for step in job.get("steps", [])]
        for step in steps:
            if "${{" in step.get("run", ""):
                problems.append(f"{path}, step {step.get('name')}: a run script interpolates ${{{{ }}}}; use env")
        text = read(path)
        if "pull_request" in kinds:
            for where in [workflow] + list(jobs.values()):
                if writes(where.get("permissions")):
                    problems.append(f"{path}: executes the pull request's code with write permissions")
            if "secrets." in text:
                problems.append(f"{path}: executes the pull request's code and names a secret")
        elif "workflow_run" in kinds:
            if not (isinstance(workflow.get("permissions"), dict) and
                    workflow["permissions"].get("pull-requests") == "write"):
                problems.append(f"{path}: the comment job needs pull-requests: write")
            for step in steps:
                if step.get("uses", "").startswith("actions/checkout"):
                    problems.append(f"{path}: the comment job checks out code")
                if re.search(r"(^|[\s;&|])(bash|sh|source|eval|\.)\s|\./", step.get("run", "")):
                    problems.append(f"{path}, step {step.get('name')}: the comment job runs a file")
        else:
            problems.append(f"{path}: runs on neither pull_request nor workflow_run")
    review = load(REVIEW_CI[0])
    if "pull_request" not in events(review):
        problems.append(f"{REVIEW_CI[0]}: the review does not run on pull_request")
    uploaded = [s for job in review["jobs"].values() for s in job["steps"] if s.get("uses", "").startswith("actions/upload-artifact")]
    comment = load(REVIEW_CI[1])
    downloaded = [s for job in comment["jobs"].values() for s in job["steps"] if s.get("uses", "").startswith("actions/download-artifact")]
    if not uploaded or not downloaded or uploaded[0]["with"]["name"] != downloaded[0]["with"]["name"]:
        problems.append("the review does not upload the artifact the comment job downloads")
    on_run = comment.get(True, comment.get("on"))["workflow_run"]["workflows"]
    if review["name"] not in on_run:
        problems.append(f"{REVIEW_CI[1]}: follows {on_run}, not {review['name']}")
    for asset in re.findall(r"releases/(?:latest/)?download/(?:[^/\s]+/)?([\w.-]+\.deb)", read(REVIEW_CI[0]) + read("docs/upstream-engine.md")):
        if asset != "zfcheck_amd64.deb" or asset not in read(".github/workflows/release.yml"):
            problems.append(f"the review job's release asset {asset} is not one release.yml publishes")


def check_zfcheck_commands(zfcheck, problems):
    """Each `"$zfcheck" SUBCOMMAND --option ...` of review_pr.sh exists in zfcheck's --help."""
    script = read("harness/upstream/ci/review_pr.sh")
    for sub, rest in re.findall(r'"\$zfcheck" (\w+)((?:\\\n|[^\n])*)', script):
        run = subprocess.run([zfcheck, sub, "--help"], capture_output=True, text=True)
        if run.returncode != 0:
            problems.append(f"review_pr.sh runs zfcheck {sub}, which is no subcommand")
            continue
        for option in re.findall(r"(?<![\w-])--[\w-]+", rest):
            if option not in run.stdout:
                problems.append(f"review_pr.sh runs zfcheck {sub} {option}, which it does not take")
    # The options the review job passes through review_pr.sh to zfcheck review, and the torch its top-k part needs.
    job = read(REVIEW_CI[0])
    review_help = subprocess.run([zfcheck, "review", "--help"], capture_output=True, text=True).stdout
    for rest in re.findall(r'"\$REVIEW_PR"((?:\\\n|[^\n])*)', job):
        for option in re.findall(r"(?<![\w-])--[\w-]+", rest):
            if option not in review_help:
                problems.append(f"{REVIEW_CI[0]} passes zfcheck review {option}, which it does not take")
    if "--topk-python /usr/bin/python3" in job and not re.search(r"apt-get install[^\n]*python3-torch", job):
        problems.append(f"{REVIEW_CI[0]}: the top-k part runs /usr/bin/python3 but the job installs no python3-torch")


def main():
    problems, modes = [], set()
    workflows = sorted(glob.glob(os.path.join(ROOT, ".github", "workflows", "*.yml")))
    if not workflows:
        problems.append(".github/workflows has no workflow")
    for path in workflows:
        check_workflow(path, problems, modes)
    check_workflow(os.path.join(ROOT, "harness", "upstream", "ci", "zenflow-review.yml"), problems, modes,
                   for_deepspeed=True)
    check_workflow(os.path.join(ROOT, REVIEW_CI[1]), problems, modes, for_deepspeed=True)
    check_review_ci(problems)
    if len(sys.argv) > 2:
        check_zfcheck_commands(sys.argv[2], problems)
    if modes != CFLITE_MODES:
        problems.append(f"the ClusterFuzzLite workflows run {sorted(modes)}, not all of {sorted(CFLITE_MODES)}")
    for needed in ("Dockerfile", "build.sh", "project.yaml"):
        if not os.path.exists(os.path.join(ROOT, ".clusterfuzzlite", needed)):
            problems.append(f".clusterfuzzlite/{needed} is missing")
    readme_test = re.search(r"^(\./run\.sh test)\b", read("README.md"), re.M)
    ci = read(".github/workflows/ci.yml") if os.path.exists(os.path.join(ROOT, ".github/workflows/ci.yml")) else ""
    if not readme_test:
        problems.append("README.md names no `./run.sh test`")
    elif readme_test.group(1) not in ci and not (".ci/run" in ci and readme_test.group(1) in read(".ci/run")):
        problems.append("the CI workflow does not run the README's test command, ./run.sh test")
    for p in problems:
        print(p)
    print(f"workflows: {len(workflows) + len(REVIEW_CI)} checked, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
