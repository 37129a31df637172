#!/usr/bin/env bash
# ctest: the model against the real DeepSpeed code in $DEEPSPEED_SRC (a clone of deepspeedai/DeepSpeed
# with refs/pull/8274/head fetched), on the sweep grid, the overlap_comm, text (beyond ASCII, numbers written as
# text, `%` formats, keys that are not text) and elastic training cases beside this script and generated cases
# for both upstream profiles, and the runner's stand-ins at every ZenFlow commit;
# skipped without it. (The reviewed corpus on upstream's code is
# corpus.reviewed_holds_on_upstream, reviewed_corpus_on_upstream.py.)
set -u
zfcheck=$1
cases=${ZFCHECK_E2E_CASES:-20000}
if [ -z "${DEEPSPEED_SRC:-}" ]; then
  echo "SKIPPED: set DEEPSPEED_SRC to a clone of deepspeedai/DeepSpeed (with refs/pull/8274/head fetched) to run upstream's code"
  exit 77
fi
status=0
# Elastic training: upstream's batch sizes need numpy and packaging, DeepSpeed's own dependencies, in the Python
# of ZFCHECK_ELASTIC_PYTHON (default python3); without them the runner has only stand-ins, so the generated
# cases with an enabled elasticity block are not evaluated (conformance says so) and elasticity_cases.jsonl
# is not run.
elastic_python=${ZFCHECK_ELASTIC_PYTHON:-python3}
# Each revision against the profile that models it (conformance's default).
for rev in edaa72212 refs/pull/8274/head; do
  "$zfcheck" conformance --upstream "$DEEPSPEED_SRC@$rev" --sweep || status=1
  "$zfcheck" conformance "$(dirname "$0")/overlap_comm_cases.jsonl" --upstream "$DEEPSPEED_SRC@$rev" || status=1
  "$zfcheck" conformance "$(dirname "$0")/text_cases.jsonl" --upstream "$DEEPSPEED_SRC@$rev" \
    --python "$elastic_python" || status=1
  for seed in 1 2; do
    "$zfcheck" conformance --upstream "$DEEPSPEED_SRC@$rev" --generated "$cases" --seed "$seed" \
      --python "$elastic_python" || status=1
  done
done

if "$elastic_python" -c "import numpy, packaging" 2> /dev/null; then
  for rev in edaa72212 refs/pull/8274/head; do
    "$zfcheck" conformance "$(dirname "$0")/elasticity_cases.jsonl" --upstream "$DEEPSPEED_SRC@$rev" \
      --python "$elastic_python" || status=1
  done
else
  echo "NOT RUN: elasticity_cases.jsonl needs numpy and packaging in $elastic_python (set ZFCHECK_ELASTIC_PYTHON)"
fi

# Top-k: the oracle against upstream's own selection code, on the top-k grid and on generated problems, under
# the torch of ZFCHECK_TORCH_PYTHON (default /usr/bin/python3, Debian's python3-torch).
torch_python=${ZFCHECK_TORCH_PYTHON:-/usr/bin/python3}
for rev in edaa72212 refs/pull/8274/head; do
  "$zfcheck" conformance --topk --sweep --upstream "$DEEPSPEED_SRC@$rev" --python "$torch_python" || status=1
  "$zfcheck" conformance --topk --generated 2000 --seed 1 --upstream "$DEEPSPEED_SRC@$rev" --python "$torch_python" \
    || status=1
done

# The engine option: upstream's code through every driver, against the model's answers.
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
up() { echo "upstream:$DEEPSPEED_SRC@$1"; }
# A model profile's sweep ends with its top-k findings, which the upstream sweep has not (top-k is held to
# upstream's code by conformance --topk above): the config findings are compared.
for pair in "deepspeed-edaa722 edaa72212" "deepspeed-8274 refs/pull/8274/head"; do
  set -- $pair
  model=$("$zfcheck" sweep --profile "$1" --json | sed "s/\"profile\":\"$1\"/\"profile\":\"P\"/g" \
    | sed '/^\],"topk_problems":/,$c\
]}')
  upstream=$("$zfcheck" sweep --upstream "$DEEPSPEED_SRC@$2" --cache-dir "$cache" --json \
    | sed 's/"profile":"upstream@[0-9a-f]*"/"profile":"P"/g')
  [ "$model" = "$upstream" ] || { echo "FAIL: sweep --upstream @$2 differs from the model's $1"; status=1; }
done
# The stand-ins serve every ZenFlow commit since #7391 (1d7b90adc): the whole grid (zenflow blocks and whole
# configs) at each commit that changed deepspeed/runtime/zenflow up to edaa72212, with no case left not evaluated.
for rev in $(git -C "$DEEPSPEED_SRC" log --reverse --format=%h 1d7b90adc^..edaa72212 -- deepspeed/runtime/zenflow); do
  first=$("$zfcheck" sweep --upstream "$DEEPSPEED_SRC@$rev" --cache-dir "$cache" --json | head -1)
  case $first in
    *'"cases":'*'"not_evaluated"'*) echo "FAIL: stand-ins at $rev: $first"; status=1 ;;
    *'"cases":'*) echo "stand-ins at $rev: ${first#*\"cases\":} cases, every one evaluated" | sed 's/,"findings":\[//' ;;
    *) echo "FAIL: sweep at $rev did not run"; status=1 ;;
  esac
done
# PR #8274 changed exactly what the model's two profiles differ by (topk_ratio endpoints, update_interval < 1).
strip_names() {
  sed -E 's/--upstream [^ ]*@edaa72212/--profile FROM/g; s/--upstream [^ ]*@2f74e7e1c/--profile TO/g;
          s/deepspeed-edaa722|upstream@edaa72212/FROM/g; s/deepspeed-8274|upstream@2f74e7e1c/TO/g'
}
model=$("$zfcheck" diff --from deepspeed-edaa722 --to deepspeed-8274 | strip_names)
upstream=$("$zfcheck" diff --from "$(up edaa72212)" --to "$(up refs/pull/8274/head)" --cache-dir "$cache" | strip_names)
[ "$model" = "$upstream" ] || { echo "FAIL: diff of upstream edaa72212 -> #8274 is not the model's"; status=1; }
# The stage-3 file arrived in #7516: before it stage-3 cases are unmodelled, the rest runs.
before=$(echo '{"zenflow":{},"stage":3}' | "$zfcheck" eval --upstream "$DEEPSPEED_SRC@1d7b90adc" --cache-dir "$cache")
case $before in *'"outcome":"unmodelled"'*engine_stage3.py*) ;; *) echo "FAIL: stage 3 at #7391: $before"; status=1 ;; esac
# At #7516 (zenflow_config positional) the default config selects at step 0, as at master.
at7516=$(echo '{"zenflow":{}}' | "$zfcheck" eval --upstream "$DEEPSPEED_SRC@7cb1b88ec" --cache-dir "$cache")
case $at7516 in *'"selections":[0]'*) ;; *) echo "FAIL: default config at #7516: $at7516"; status=1 ;; esac
"$zfcheck" review --upstream "$DEEPSPEED_SRC" --base edaa72212 --head refs/pull/8274/head --cache-dir "$cache" \
  > "$cache/review-comment"
[ $? -le 1 ] && grep -q '^# ZenFlow review of PR #8274: upstream@edaa72212 -> upstream@2f74e7e1c' "$cache/review-comment" \
  || { echo "FAIL: review edaa72212 -> #8274"; status=1; }
for pair in "deepspeed-edaa722 edaa72212" "deepspeed-8274 refs/pull/8274/head"; do
  set -- $pair
  "$zfcheck" profiles fit --upstream "$DEEPSPEED_SRC@$2" --cache-dir "$cache" | grep -q "^exact: .*(= $1)$" \
    || { echo "FAIL: profiles fit @$2 does not name $1"; status=1; }
done
exit $status
