#!/usr/bin/env bash
# Rebuilds the case-line seed corpus, corpus/fuzz/config_fuzzer/ (profile_diff_fuzzer's is a link to it),
# from the sweep's minimal counterexamples (corpus/findings/) and the reviewed seeds (corpus/reviewed/),
# keeping the hand-written seeds (seed-*) that are there. One readable case line per file, named by content.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import glob, hashlib, json, os
cases = []
for path in sorted(glob.glob("corpus/findings/*.json")):
    for finding in json.load(open(path))["findings"]:
        cases.append(finding["example"])
for path in sorted(glob.glob("corpus/reviewed/*.json")):
    cases.append(json.load(open(path))["case"])
folder = "corpus/fuzz/config_fuzzer"
os.makedirs(folder, exist_ok=True)
for old in glob.glob(f"{folder}/case-*.jsonl"):
    os.remove(old)
for case in cases:
    line = json.dumps(case, separators=(",", ":"))
    name = hashlib.sha1(line.encode()).hexdigest()[:12]
    with open(f"{folder}/case-{name}.jsonl", "w") as f:
        f.write(line)
print(f"{len(cases)} case seeds written to {folder} (profile_diff_fuzzer's seed corpus too)")
PY
